import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { postedTransfers } from '../core/ledger/transfers';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { giveBack } from './give-back';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { applied, buildActivities, transitionSteps } from './payment-request-store';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';
import { assertNew } from './request-state';

/** The merchant cancels an unpaid request: `cancelled`, CANCELLED_BY_MERCHANT, a `cancellation` activity. */
export const cancelPaymentRequest = authedOperation(
  async ({ params, auth, now }) => (await cancelRequest(params.paymentRequestId, auth, now)).activity,
);

/** Cancels for either API version; returns the `cancellation` activity and the request after it. */
export async function cancelRequest(
  paymentRequestId: string,
  auth: AuthedRequest['auth'],
  now: Date,
): Promise<{ activity: PaymentActivity; paymentRequest: StoredPaymentRequest }> {
  return retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(paymentRequestId, now);
    await auth.access.authorize(request.merchantAccountId);
    assertNew(request);
    return cancelAsRead(request, 'CANCELLED_BY_MERCHANT', auth.principal.crn, now);
  });
}

/**
 * Cancels a `new` request as it was read, its checks passed: `cancelled` with `reason`, one
 * `cancellation` activity by `createdBy`, stamped `at`. What was paid towards it (multi-asset payments
 * short of its value, a token) is refunded in the same transaction, a `refund` activity before the
 * cancellation: a cancelled request takes no refund or void afterwards. The write is conditional on
 * the request's version, so callers run read, checks and this under `retryOnConflict`.
 */
export async function cancelAsRead(
  request: StoredPaymentRequest,
  reason: string,
  createdBy: string,
  at: Date,
): Promise<{ activity: PaymentActivity; paymentRequest: StoredPaymentRequest }> {
  const stamp = isoTimestamp(at);
  const given = giveBack(request, createdBy);
  const changes = { status: 'cancelled' as const, cancellationReason: reason, ...given?.changes };
  const activities = buildActivities(
    request,
    [
      ...(given ? [given.activity] : []),
      { type: 'cancellation', value: request.value, cancellationReason: reason, createdBy },
    ],
    stamp,
  );
  await runTransaction([
    ...transitionSteps(request, changes, activities, stamp),
    ...(given ? await postedTransfers(given.transfers, stamp) : []),
  ]);
  return { activity: activities[activities.length - 1], paymentRequest: applied(request, changes, activities, stamp) };
}
