import type { FromSchema } from 'json-schema-to-ts';
import type { refundBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, type TransactionStep } from '../core/db/transaction';
import { badRequest, businessRule, invalidRequest } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { newId } from '../core/ids';
import { idempotent, type Idempotent } from '../core/idempotency';
import { postedTransfers } from '../core/ledger/transfers';
import { parsePositiveAmount, type Amount } from '../core/money';
import { resolveLineItems } from './line-items';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { paidBy } from './paid-by';
import { activitiesOfRequest, paymentActivityEntity } from './keys';
import { activityResponse, type DeriveId, type KeepAnswer } from './kept-answer';
import { activitiesOf } from './paid-activity';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';
import { FIRST_REFUND_TRANSFER, planRefund, refundedAssetType, refundValue } from './refund-steps';
import { merchantNow } from './request-clock';

type Body = FromSchema<typeof refundBody>;

/**
 * A keyed refund's response is its `refund` activity: its first transfer back keeps the refund's idempotency receipt,
 * pointing at it (core/idempotency.ts).
 */
const REFUND_RESPONSE = activityResponse(FIRST_REFUND_TRANSFER);

/** How long after payment a refund is accepted (the documented window has no published length). */
const REFUND_WINDOW_MS = 90 * 24 * 3600 * 1000;

/**
 * Refunds part or all of what was paid, repeatedly, never more than was paid. `externalRef` is the
 * idempotency key, scoped to the request: the same ref and amount returns the first refund,
 * another amount (or currency) is REPEAT_REFERENCE, whichever account authorized on the merchant's
 * made it. The idempotency record, the request update (versioned) and the transfers back to the
 * payers commit together.
 */
export const refundPaymentRequest = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const amount = parsePositiveAmount('value.amount', body.value.amount);
  const lineItems = body.lineItems && resolveLineItems(body.lineItems);
  // Refunded items sum to the refund by price, or by price less discount (the docs' refund example).
  if (lineItems && lineItems.total !== amount && lineItems.discountedTotal !== amount)
    throw invalidRequest('LINE_ITEMS_SUM_CHECK_FAILED');
  const result = await refundRequest(
    {
      paymentRequestId: params.paymentRequestId,
      amount,
      currency: body.value.currency,
      externalRef: body.externalRef,
      ...(body.invoiceRef ? { invoiceRef: body.invoiceRef } : {}),
      ...(lineItems ? { lineItems: lineItems.items as PaymentActivity['lineItems'] } : {}),
    },
    auth,
    now,
  );
  return idempotentReply(result);
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
export function refundRequest(
  input: RefundInput,
  auth: AuthedRequest['auth'],
  now: Date,
): Promise<Idempotent<PaymentActivity>> {
  const { externalRef } = input;
  if (externalRef === undefined) {
    const fresh: DeriveId = () => newId();
    return retryOnConflict(async () => ({ response: await attemptRefund(input, auth, now, fresh), replayed: false }));
  }
  const command = {
    accountId: auth.principal.accountId,
    operation: 'refundPaymentRequest',
    key: `${input.paymentRequestId}:${externalRef}`,
    command: { paymentRequestId: input.paymentRequestId, amount: input.amount, currency: input.currency },
    mismatchCode: 'REPEAT_REFERENCE' as const,
  };
  return idempotent<PaymentActivity>(
    command,
    ({ record, receipt, derive }) => attemptRefund(input, auth, now, derive, { record, receipt }),
    REFUND_RESPONSE,
  ).catch((error: unknown) => {
    if (error instanceof RefundedUnderRef) return { response: error.refund, replayed: true };
    throw error;
  });
}

/** The request has a refund under the reference already, of the same amount: that refund is the answer. */
class RefundedUnderRef extends Error {
  constructor(readonly refund: PaymentActivity) {
    super('refunded under this reference already');
  }
}

/**
 * The idempotency scope is the calling account's, so a reference one account used (a merchant's own key) is not
 * found by another authorized on the merchant (its platform account, the operator): the request's refunds are
 * read for it, so a reference refunds a request once whoever repeats it. Same amount: that refund
 * (RefundedUnderRef); another amount: REPEAT_REFERENCE. Two refunds racing both write the versioned request: the
 * loser reads again and finds the winner's.
 */
async function refusePriorReference(request: StoredPaymentRequest, externalRef: string, amount: Amount) {
  if (BigInt(request.refundedAmount) === 0n) return;
  const { PK, SKPrefix } = activitiesOfRequest(request.id);
  const stored = await paymentActivityEntity.all({ partition: PK, sortKeyPrefix: SKPrefix });
  const earlier = stored
    .flatMap((item) => activitiesOf(item))
    .find((activity) => activity.type === 'refund' && activity.externalRef === externalRef);
  if (!earlier) return;
  if (BigInt(earlier.value?.amount ?? '-1') !== amount) throw businessRule('REPEAT_REFERENCE');
  throw new RefundedUnderRef(earlier);
}

async function attemptRefund(
  input: RefundInput,
  auth: AuthedRequest['auth'],
  callerNow: Date,
  derive: DeriveId,
  keep: KeepAnswer = {},
): Promise<PaymentActivity> {
  const { amount, externalRef } = input;
  const request = await loadPaymentRequestOrForbid(input.paymentRequestId, callerNow);
  const now = await merchantNow(request, callerNow);
  await auth.access.authorize(request.merchantAccountId);
  input.assertAllowed?.(request);
  if (input.currency !== undefined && input.currency !== request.value.currency)
    throw badRequest(`value.currency must be ${request.value.currency}`);
  // Without a reference a retry cannot be told from a second refund, so only the first is taken.
  if (externalRef === undefined && BigInt(request.refundedAmount) > 0n) throw businessRule('ALREADY_REFUNDED');
  if (externalRef !== undefined) await refusePriorReference(request, externalRef, amount);
  assertRefundable(request, amount, now);

  const at = isoTimestamp(now);
  const refundId = derive('refund');
  const refund = planRefund(request, amount, { kind: 'refund', refs: { refundId }, derive });
  const [activity] = buildActivities(
    request,
    [
      {
        type: 'refund',
        value: refundValue(request, amount),
        // The asset type given back (a request takes one asset type per currency and liveness).
        ...refundedAssetType(refund.allocations),
        ...(externalRef !== undefined ? { externalRef } : {}),
        // Without one of its own, a refund carries the request's invoice reference (as the docs' example).
        ...((input.invoiceRef ?? request.invoiceRef) ? { invoiceRef: input.invoiceRef ?? request.invoiceRef } : {}),
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
  // The first transfer back keeps the refund's receipt in place of an idempotency record (REFUND_RESPONSE).
  const [first, ...others] = refund.transfers;
  const receipted = keep.receipt !== undefined && first?.id === derive(REFUND_RESPONSE.transfer);
  const record: TransactionStep[] = !receipted && keep.record ? [keep.record(activity)] : [];
  await runTransaction([
    ...record,
    ...transitionSteps(request, changes, [activity], at),
    ...(await postedTransfers(
      receipted && keep.receipt ? [{ ...first, receipt: keep.receipt(activity) }, ...others] : refund.transfers,
      at,
    )),
  ]);
  return activity;
}

function assertRefundable(request: StoredPaymentRequest, amount: Amount, now: Date): void {
  const refunded = BigInt(request.refundedAmount);
  if (request.status === 'cancelled' && refunded > 0n) throw businessRule('ALREADY_REFUNDED');
  if (request.preAuth && request.status === 'new') throw businessRule('PRE_AUTH_PENDING');
  if (request.status !== 'paid') throw businessRule('NOT_PAID');
  if (request.preAuth && BigInt(request.paidAmount) === 0n) throw businessRule('CONFIRMATION_NOT_FOUND');
  const lastPayment = request.payments[request.payments.length - 1];
  if (lastPayment && now.getTime() - Date.parse(lastPayment.createdAt) > REFUND_WINDOW_MS)
    throw businessRule('REFUND_WINDOW_EXCEEDED');
  const refundable = BigInt(request.paidAmount) - refunded;
  if (refundable === 0n) throw businessRule('ALREADY_REFUNDED');
  if (amount > refundable) throw businessRule('INVALID_AMOUNT');
}
