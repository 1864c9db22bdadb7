import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/http/errors';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { StoredPaymentRequest } from './payment-request';
import { assertNew } from './request-state';

/**
 * The merchant accepts or declines a condition awaiting it (e.g. a photo-id check). Declining
 * cancels the request (DECLINED_BY_MERCHANT). Conditions awaiting the patron are not the
 * merchant's to set; a condition already set stays as it is.
 */
function setCondition(decision: 'accept' | 'decline') {
  return authedOperation(async ({ params, auth, now }: AuthedRequest) =>
    retryOnConflict(async () => {
      const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
      await auth.access.account(request.merchantAccountId);
      const condition = request.merchantConditions.find((c) => c.id === params.conditionId);
      if (!condition) throw forbidden();
      if (condition.status === 'awaiting-patron') throw businessRule('MERCHANT_NOT_AUTHORIZED');
      if (condition.status !== 'awaiting-merchant') throw businessRule('CONDITION_ALREADY_SET');
      assertNew(request);
      const at = isoTimestamp(now);
      const merchantConditions = request.merchantConditions.map((c) =>
        c.id === condition.id ? { ...c, status: decision === 'accept' ? ('accepted' as const) : ('declined' as const) } : c,
      );
      const changes: Partial<StoredPaymentRequest> =
        decision === 'accept' ? { merchantConditions } : { merchantConditions, status: 'cancelled', cancellationReason: 'DECLINED_BY_MERCHANT' };
      const activities = buildActivities(
        request,
        [{ type: decision === 'accept' ? 'accept-condition' : 'decline-condition', conditionId: condition.id, value: request.value, createdBy: auth.principal.crn }],
        at,
      );
      await runTransaction(transitionSteps(request, changes, activities, at));
      return activities[0];
    }),
  );
}

export const acceptPaymentCondition = setCondition('accept');
export const declinePaymentCondition = setCondition('decline');
