import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { buildActivities, transitionSteps } from './payment-request-store';
import { assertNew } from './request-state';

/** The merchant cancels an unpaid request: `cancelled`, CANCELLED_BY_MERCHANT, a `cancellation` activity. */
export const cancelPaymentRequest = authedOperation(async ({ params, auth, now }) =>
  retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
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
    return activities[0];
  }),
);
