import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { StoredPaymentRequest } from './payment-request';
import { assertNew } from './request-state';

/**
 * The merchant accepts or declines a condition awaiting it (e.g. a photo-id check), the patron one
 * awaiting the patron. Declining cancels the request (DECLINED_BY_MERCHANT, DECLINED_BY_PATRON). A
 * condition awaiting the other side is not the caller's to set (MERCHANT_NOT_AUTHORIZED,
 * PATRON_NOT_AUTHORIZED); a condition already set stays as it is.
 */
export function setCondition(decision: 'accept' | 'decline') {
  return authedOperation(async ({ params, auth, now }: AuthedRequest) =>
    retryOnConflict(async () => {
      const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
      // The patron (the account of the patron code the request was made with) sets only conditions awaiting it.
      const patron = await isPatronOf(request, auth);
      if (!patron) await auth.access.authorize(request.merchantAccountId);
      const condition = request.merchantConditions.find((c) => c.id === params.conditionId);
      if (!condition) throw forbidden();
      const awaiting = patron ? 'awaiting-patron' : 'awaiting-merchant';
      if (condition.status === 'awaiting-merchant' && patron) throw businessRule('PATRON_NOT_AUTHORIZED');
      if (condition.status === 'awaiting-patron' && !patron) throw businessRule('MERCHANT_NOT_AUTHORIZED');
      if (condition.status !== awaiting) throw businessRule('CONDITION_ALREADY_SET');
      assertNew(request);
      const at = isoTimestamp(now);
      const merchantConditions = request.merchantConditions.map((c) =>
        c.id === condition.id
          ? { ...c, status: decision === 'accept' ? ('accepted' as const) : ('declined' as const) }
          : c,
      );
      const changes: Partial<StoredPaymentRequest> =
        decision === 'accept'
          ? { merchantConditions }
          : {
              merchantConditions,
              status: 'cancelled',
              cancellationReason: patron ? 'DECLINED_BY_PATRON' : 'DECLINED_BY_MERCHANT',
            };
      const activities = buildActivities(
        request,
        // docs/conformance.md: an activity's conditionId is an integer (the condition's id is a numeric string).
        [
          {
            type: decision === 'accept' ? 'accept-condition' : 'decline-condition',
            conditionId: Number(condition.id),
            value: request.value,
            createdBy: auth.principal.crn,
          },
        ],
        at,
      );
      await runTransaction(transitionSteps(request, changes, activities, at));
      return activities[0];
    }),
  );
}

/** The caller is the request's patron, and not also its merchant. */
async function isPatronOf(request: StoredPaymentRequest, auth: AuthedRequest['auth']): Promise<boolean> {
  if (!request.patronAccountId || !(await auth.access.isOwn(request.patronAccountId))) return false;
  return !(await auth.access.isOwn(request.merchantAccountId));
}
