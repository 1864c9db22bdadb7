import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { refundBody } from '../../schemas/payment-requests';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { refundRefKey } from '../core/db/keys';
import { retryOnConflict, runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/http/errors';
import { newId } from '../core/ids';
import { authedOperation } from '../core/http/operation';
import { parsePositiveAmount, type Amount } from '../core/money';
import { resolveLineItems } from './line-items';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { paidBy } from './paid-by';
import { buildActivities, transitionSteps, type PaymentActivity, type StoredPaymentRequest } from './payment-request-store';
import { planRefund, refundValue } from './refund-steps';

type Body = FromSchema<typeof refundBody>;

/** How long after payment a refund is accepted (the documented window has no published length). */
export const REFUND_WINDOW_MS = 90 * 24 * 3600 * 1000;

/**
 * Refunds part or all of what was paid, repeatedly, never more than was paid. `externalRef` is the
 * idempotency key: the same ref and amount returns the first refund, another amount is
 * REPEAT_REFERENCE. The ref's guard item, the request update (versioned) and the transfers back
 * to the payers commit together.
 */
export const refundPaymentRequest = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const amount = parsePositiveAmount('value.amount', body.value.amount);
  if (body.lineItems && resolveLineItems(body.lineItems).total !== amount) throw badRequest('LINE_ITEMS_SUM_CHECK_FAILED');
  return retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
    await auth.access.account(request.merchantAccountId);
    const previous = await findRefundRef(request.id, body.externalRef);
    if (previous) {
      if (previous.amount !== amount.toString()) throw businessRule('REPEAT_REFERENCE');
      return previous.response;
    }
    if (body.value.currency !== request.value.currency) throw badRequest(`value.currency must be ${request.value.currency}`);
    assertRefundable(request, amount, now);

    const at = isoTimestamp(now);
    const refundId = newId();
    const refund = planRefund(request, amount, at, { refundId });
    const [activity] = buildActivities(
      request,
      [
        {
          type: 'refund',
          value: refundValue(request, amount),
          externalRef: body.externalRef,
          ...(body.invoiceRef ? { invoiceRef: body.invoiceRef } : {}),
          ...(body.lineItems ? { lineItems: body.lineItems as PaymentActivity['lineItems'] } : {}),
          strategy: { refunds: refund.allocations },
          createdBy: auth.principal.crn,
        },
      ],
      at,
    );
    const changes: Partial<StoredPaymentRequest> = {
      refundedAmount: (BigInt(request.refundedAmount) + amount).toString(),
      payments: refund.payments,
      paidBy: paidBy(refund.payments, request.value.currency),
    };
    const guard: TransactionStep = {
      item: {
        Put: {
          TableName: config().tableName,
          Item: { ...refundRefKey(request.id, body.externalRef), amount: amount.toString(), response: JSON.stringify(activity), createdAt: at },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: () => new TransactionConflictError(),
    };
    await runTransaction([guard, ...transitionSteps(request, changes, [activity], at), ...refund.steps]);
    return activity;
  });
});

async function findRefundRef(paymentRequestId: string, externalRef: string): Promise<{ amount: string; response: PaymentActivity } | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: refundRefKey(paymentRequestId, externalRef), ConsistentRead: true }),
  );
  return out.Item ? { amount: out.Item.amount as string, response: JSON.parse(out.Item.response as string) as PaymentActivity } : undefined;
}

function assertRefundable(request: StoredPaymentRequest, amount: Amount, now: Date): void {
  const refunded = BigInt(request.refundedAmount);
  if (request.status === 'cancelled' && refunded > 0n) throw businessRule('ALREADY_REFUNDED');
  if (request.status !== 'paid') throw businessRule('NOT_PAID');
  if (request.preAuth && BigInt(request.paidAmount) === 0n) throw businessRule('CONFIRMATION_NOT_FOUND');
  const lastPayment = request.payments[request.payments.length - 1];
  if (lastPayment && now.getTime() - Date.parse(lastPayment.createdAt) > REFUND_WINDOW_MS) throw businessRule('REFUND_WINDOW_EXCEEDED');
  const refundable = BigInt(request.paidAmount) - refunded;
  if (refundable === 0n) throw businessRule('ALREADY_REFUNDED');
  if (amount > refundable) throw businessRule('INVALID_AMOUNT');
}
