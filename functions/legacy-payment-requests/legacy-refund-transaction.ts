import type { FromSchema } from 'json-schema-to-ts';
import type { legacyRefundParams } from './schemas';
import { businessRule, forbidden } from '../core/errors/classes';
import { findTransferRefs, type TransferKind } from '../core/ledger/transfers';
import { parsePositiveAmount } from '../core/money';
import { refundRequest, type StoredPaymentRequest } from '../payment-requests';
import { legacyOperation } from './legacy-errors';
import { transactionResult } from './legacy-transaction-result';

type Params = FromSchema<typeof legacyRefundParams>;

/** Ledger transactions a legacy client holds as the transaction id of a pay. */
const PAYMENT_KINDS: readonly TransferKind[] = ['payment'];

/**
 * Refunds the payment request a pay transaction paid, through the next version's refund core
 * (`externalReference` is its `externalRef`). The reference of the result is the refund's id.
 */
export const legacyRefundTransaction = legacyOperation<Params>('refund', async ({ body, auth, now }) => {
  const amount = parsePositiveAmount('amount', body.amount);
  const paymentRequestId = await paymentRequestOfTransaction(body.transactionId);
  if (!paymentRequestId) throw forbidden();
  const { response: activity } = await refundRequest(
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

/** The payment request a pay transaction paid (or, for a pre-auth, authorised): the transfer names it. */
async function paymentRequestOfTransaction(transactionId: string): Promise<string | undefined> {
  const transfer = await findTransferRefs(transactionId);
  return transfer && PAYMENT_KINDS.includes(transfer.kind) ? transfer.paymentRequestId : undefined;
}

/** Legacy refunds know nothing of confirmations: a confirmed pre-auth is refunded through the current API. */
function assertLegacyRefundable(request: StoredPaymentRequest): void {
  if (request.preAuth && BigInt(request.confirmedAmount ?? '0') > 0n) throw businessRule('REFUND_NOT_SUPPORTED');
}
