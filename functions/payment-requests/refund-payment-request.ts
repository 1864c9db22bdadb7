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
import { authedOperation, type AuthedRequest } from '../core/http/operation';
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
  return refundRequest(
    {
      paymentRequestId: params.paymentRequestId,
      amount,
      currency: body.value.currency,
      externalRef: body.externalRef,
      ...(body.invoiceRef ? { invoiceRef: body.invoiceRef } : {}),
      ...(body.lineItems ? { lineItems: body.lineItems as PaymentActivity['lineItems'] } : {}),
    },
    auth,
    now,
  );
});

/** What a refund names, whichever API version it came through. */
export interface RefundInput {
  paymentRequestId: string;
  amount: Amount;
  /** Checked against the request's currency where the API version names one. */
  currency?: string;
  /** The refund's idempotency key; without one only a first refund is taken (see below). */
  externalRef?: string;
  invoiceRef?: string;
  lineItems?: PaymentActivity['lineItems'];
  /** A rule of the calling API version, checked on the request as read (inside the retry). */
  assertAllowed?: (request: StoredPaymentRequest) => void;
}

/** Refunds for either API version; returns the `refund` activity (the first one again on a repeated ref). */
export function refundRequest(input: RefundInput, auth: AuthedRequest['auth'], now: Date): Promise<PaymentActivity> {
  const { amount, externalRef } = input;
  return retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(input.paymentRequestId, now);
    await auth.access.account(request.merchantAccountId);
    input.assertAllowed?.(request);
    // Before the replay lookup: a repeated ref naming another currency is a different command, not a retry.
    if (input.currency !== undefined && input.currency !== request.value.currency) throw badRequest(`value.currency must be ${request.value.currency}`);
    if (externalRef !== undefined) {
      const previous = await findRefundRef(request.id, externalRef);
      if (previous) {
        if (previous.amount !== amount.toString()) throw businessRule('REPEAT_REFERENCE');
        return previous.response;
      }
    } else if (BigInt(request.refundedAmount) > 0n) {
      // Without a reference a retry cannot be told from a second refund, so only the first is taken.
      throw businessRule('ALREADY_REFUNDED');
    }
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
          ...(externalRef !== undefined ? { externalRef } : {}),
          ...(input.invoiceRef ? { invoiceRef: input.invoiceRef } : {}),
          ...(input.lineItems ? { lineItems: input.lineItems } : {}),
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
    const guard = externalRef === undefined ? [] : [refundRefGuard(request.id, externalRef, amount, activity, at)];
    await runTransaction([...guard, ...transitionSteps(request, changes, [activity], at), ...refund.steps]);
    return activity;
  });
}

/** The ref's guard item, holding the first response: a concurrent refund with the same ref loses on it and re-reads. */
function refundRefGuard(paymentRequestId: string, externalRef: string, amount: Amount, activity: PaymentActivity, at: string): TransactionStep {
  return {
    item: {
      Put: {
        TableName: config().tableName,
        Item: { ...refundRefKey(paymentRequestId, externalRef), amount: amount.toString(), response: JSON.stringify(activity), createdAt: at },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

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
