import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { buildActivities, transitionSteps } from './payment-request-store';
import { releaseSteps } from './pre-auth';

/**
 * Finalises a pre-auth: unconfirmed funds return to the patron. A pre-auth never authorised is
 * cancelled instead (a `cancellation` activity).
 */
export const releasePaymentRequest = authedOperation(async ({ params, auth, now }) =>
  retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
    await auth.access.account(request.merchantAccountId);
    if (!request.preAuth) throw businessRule('INVALID_PAYMENT_REQUEST_TYPE');
    if (request.preAuthStatus === 'released') throw businessRule('PRE_AUTH_RELEASED');
    const at = isoTimestamp(now);
    if (request.status === 'new') {
      const changes = { status: 'cancelled' as const, cancellationReason: 'CANCELLED_BY_MERCHANT' };
      const activities = buildActivities(request, [{ type: 'cancellation', value: request.value, cancellationReason: 'CANCELLED_BY_MERCHANT', createdBy: auth.principal.crn }], at);
      await runTransaction(transitionSteps(request, changes, activities, at));
      return activities[0];
    }
    if (request.preAuthStatus !== 'authorized') throw businessRule('REQUEST_CANCELLED');
    const release = await releaseSteps(request, at, auth.principal.crn);
    await runTransaction([...transitionSteps(request, release.changes, release.activities, at), ...release.steps]);
    return release.activities[0];
  }),
);
