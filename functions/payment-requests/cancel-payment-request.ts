import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { applied, buildActivities, transitionSteps } from './payment-request-store';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';
import { assertNew } from './request-state';

/** The merchant cancels an unpaid request: `cancelled`, CANCELLED_BY_MERCHANT, a `cancellation` activity. */
export const cancelPaymentRequest = authedOperation(async ({ params, auth, now }) => (await cancelRequest(params.paymentRequestId, auth, now)).activity);

/** Cancels for either API version; returns the `cancellation` activity and the request after it. */
export async function cancelRequest(
  paymentRequestId: string,
  auth: AuthedRequest['auth'],
  now: Date,
): Promise<{ activity: PaymentActivity; paymentRequest: StoredPaymentRequest }> {
  return retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(paymentRequestId, now);
    await auth.access.account(request.merchantAccountId);
    assertNew(request);
    const at = isoTimestamp(now);
    const changes = { status: 'cancelled' as const, cancellationReason: 'CANCELLED_BY_MERCHANT' };
    const activities = buildActivities(
      request,
      [{ type: 'cancellation', value: request.value, cancellationReason: 'CANCELLED_BY_MERCHANT', createdBy: auth.principal.crn }],
      at,
    );
    await runTransaction(transitionSteps(request, changes, activities, at));
    return { activity: activities[0], paymentRequest: applied(request, changes, activities, at) };
  });
}
