import { isoTimestamp } from '../core/clock';
import { serviceCrn } from '../core/crn';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { forbidden } from '../core/http/errors';
import { applied, buildActivities, findPaymentRequest, isDue, transitionSteps, type StoredPaymentRequest } from './payment-request-store';

export const PAYMENTS_SERVICE = serviceCrn('payments-api');

/**
 * Reads a request and, when its due time has passed while it is still `new`, records the
 * expiry first: the due time is enforced on every read and write, whether or not the timer ran.
 */
export async function loadPaymentRequest(id: string, now: Date): Promise<StoredPaymentRequest | undefined> {
  return retryOnConflict(async () => {
    const request = await findPaymentRequest(id);
    if (!request || !isDue(request, now)) return request;
    return expire(request, now);
  });
}

export async function loadPaymentRequestOrForbid(id: string, now: Date): Promise<StoredPaymentRequest> {
  const request = await loadPaymentRequest(id, now);
  if (!request) throw forbidden();
  return request;
}

async function expire(request: StoredPaymentRequest, now: Date): Promise<StoredPaymentRequest> {
  const at = isoTimestamp(now);
  const changes = { status: 'expired' as const, cancellationReason: 'PAYMENT_REQUEST_EXPIRED' };
  const activities = buildActivities(request, [{ type: 'expiry', value: request.value, createdBy: PAYMENTS_SERVICE }], at);
  await runTransaction(transitionSteps(request, changes, activities, at));
  return applied(request, changes, activities, at);
}
