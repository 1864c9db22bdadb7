import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';
import { postedTransfers } from '../core/ledger/transfers';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { optionallyIdempotent } from '../core/idempotency';
import type { DeriveId } from './kept-answer';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { giveBack } from './give-back';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';
import { releaseSteps } from './pre-auth';
import { merchantNow } from './request-clock';

const VOID_WINDOW_MS = 24 * 3600 * 1000;

export const voidPaymentRequest = authedOperation(async ({ params, headers, auth, now }) =>
  idempotentReply(
    await optionallyIdempotent<PaymentActivity>(
      headers,
      // A void refunds; its Idempotency-Key is its reference: reused for another request it is REPEAT_REFERENCE.
      {
        accountId: auth.principal.accountId,
        operation: 'voidPaymentRequest',
        command: { paymentRequestId: params.paymentRequestId },
        mismatchCode: 'REPEAT_REFERENCE',
      },
      (ctx) => voidRequest(params.paymentRequestId, auth, now, ctx),
    ),
  ),
);

/** Ids of what a void writes, and the idempotency record to write with it when the call has a key. */
interface VoidContext {
  derive: DeriveId;
  record?: (activity: PaymentActivity) => TransactionStep;
}

/**
 * Void within 24 hours of creation: an unpaid request is cancelled; a paid one is cancelled and
 * every payment refunded in full, in the same transaction. Afterwards only refund remains. A
 * request that can no longer be voided anyway (expired, cancelled) says so before the window does,
 * so that past the window VOID_WINDOW_EXCEEDED always means "paid". Returns the `refund` activity
 * of a paid request, else the `cancellation`.
 */
export function voidRequest(
  paymentRequestId: string,
  auth: AuthedRequest['auth'],
  callerNow: Date,
  { derive, record }: VoidContext = { derive: () => newId() },
): Promise<PaymentActivity> {
  const recorded = (activity: PaymentActivity) => (record ? [record(activity)] : []);
  return retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(paymentRequestId, callerNow);
    const now = await merchantNow(request, callerNow);
    await auth.access.authorize(request.merchantAccountId);
    assertVoidable(request);
    if (now.getTime() - Date.parse(request.createdAt) > VOID_WINDOW_MS) throw businessRule('VOID_WINDOW_EXCEEDED');
    const at = isoTimestamp(now);
    const cancellation = {
      type: 'cancellation' as const,
      value: request.value,
      cancellationReason: 'CANCELLED_BY_MERCHANT',
      createdBy: auth.principal.crn,
    };
    const changes: Partial<StoredPaymentRequest> = { status: 'cancelled', cancellationReason: 'CANCELLED_BY_MERCHANT' };
    if (request.preAuthStatus === 'authorized') {
      // An unconfirmed authorisation: cancel and give the held funds back.
      const release = await releaseSteps(request, at, auth.principal.crn);
      const activities = [
        ...release.activities,
        ...buildActivities({ ...request, activityCount: request.activityCount + 1 }, [cancellation], at),
      ];
      await runTransaction([
        ...recorded(activities[1]),
        ...transitionSteps(request, { ...changes, ...release.changes }, activities, at),
        ...release.steps,
      ]);
      return activities[1];
    }
    const unrefunded = BigInt(request.paidAmount) - BigInt(request.refundedAmount);
    // Paid and already refunded in full: nothing is left to void.
    if (BigInt(request.paidAmount) > 0n && unrefunded <= 0n) throw businessRule('ALREADY_REFUNDED');
    const given = giveBack(request, auth.principal.crn, derive);
    if (!given) {
      const activities = buildActivities(request, [cancellation], at);
      await runTransaction([...recorded(activities[0]), ...transitionSteps(request, changes, activities, at)]);
      return activities[0];
    }
    const activities = buildActivities(request, [given.activity, cancellation], at);
    Object.assign(changes, given.changes);
    await runTransaction([
      ...recorded(activities[0]),
      ...transitionSteps(request, changes, activities, at),
      ...(await postedTransfers(given.transfers, at)),
    ]);
    return activities[0];
  });
}

function assertVoidable(request: StoredPaymentRequest): void {
  if (request.status === 'expired') throw businessRule('REQUEST_EXPIRED');
  if (request.status === 'cancelled')
    throw businessRule(BigInt(request.refundedAmount) > 0n ? 'ALREADY_REFUNDED' : 'REQUEST_CANCELLED');
  if (request.preAuth && BigInt(request.confirmedAmount ?? '0') > 0n) throw businessRule('PRE_AUTH_ALREADY_CONFIRMED');
}
