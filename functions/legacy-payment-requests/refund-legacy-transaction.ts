import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { legacyRefundParams } from '../../schemas/legacy-payment-requests';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { ledgerEntryKey } from '../core/db/keys';
import { businessRule, forbidden } from '../core/http/errors';
import type { PostingKind } from '../core/ledger/postings';
import { parsePositiveAmount } from '../core/money';
import type { StoredPaymentRequest } from '../payment-requests/payment-request-store';
import { refundRequest } from '../payment-requests/refund-payment-request';
import { legacyOperation } from './legacy-errors';
import { transactionResult } from './legacy-transaction-result';

type Params = FromSchema<typeof legacyRefundParams>;

/** Ledger transactions a legacy client holds as the transaction id of a pay. */
const PAYMENT_KINDS: readonly PostingKind[] = ['payment', 'pre-auth-hold'];

/**
 * Refunds the payment request a pay transaction paid, through the next version's refund core
 * (`externalReference` is its `externalRef`). The reference of the result is the refund's id.
 */
export const legacyRefundTransaction = legacyOperation<Params>('refund', async ({ body, auth, now }) => {
  const amount = parsePositiveAmount('amount', body.amount);
  const paymentRequestId = await paymentRequestOfTransaction(body.transactionId);
  if (!paymentRequestId) throw forbidden();
  const activity = await refundRequest(
    {
      paymentRequestId,
      amount,
      ...(body.externalReference ? { externalRef: body.externalReference } : {}),
      assertAllowed: assertLegacyRefundable,
    },
    auth,
    now,
  );
  return transactionResult('txRefund', activity, activity.id);
});

/** The payment request a pay transaction paid: its debit ledger entry names it. */
async function paymentRequestOfTransaction(transactionId: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: config().tableName,
      Key: ledgerEntryKey(transactionId, 'D'),
      ProjectionExpression: '#kind, paymentRequestId',
      ExpressionAttributeNames: { '#kind': 'kind' },
    }),
  );
  const entry = out.Item;
  return entry && PAYMENT_KINDS.includes(entry.kind as PostingKind) ? (entry.paymentRequestId as string) : undefined;
}

/** Legacy refunds know nothing of confirmations: a confirmed pre-auth is refunded through the current API. */
function assertLegacyRefundable(request: StoredPaymentRequest): void {
  if (request.preAuth && BigInt(request.confirmedAmount ?? '0') > 0n) throw businessRule('REFUND_NOT_SUPPORTED');
}
