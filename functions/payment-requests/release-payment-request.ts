import { isoTimestamp } from '../core/clock';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { optionallyIdempotent } from '../core/idempotency';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { PaymentActivity } from './payment-request';
import { releaseSteps } from './pre-auth';

/**
 * Finalises a pre-auth: unconfirmed funds return to the patron (the reservation on its asset is
 * voided). A pre-auth never authorised is cancelled instead (a `cancellation` activity). With an
 * `Idempotency-Key` header a retry replays the first answer.
 */
export const releasePaymentRequest = authedOperation(async ({ params, headers, auth, now }) =>
  idempotentReply(
    await optionallyIdempotent<PaymentActivity>(
      headers,
      {
        accountId: auth.principal.accountId,
        operation: 'releasePaymentRequest',
        command: { paymentRequestId: params.paymentRequestId },
      },
      ({ record }) => release(params.paymentRequestId, auth, now, record),
    ),
  ),
);

async function release(
  paymentRequestId: string,
  auth: AuthedRequest['auth'],
  now: Date,
  record?: (activity: PaymentActivity) => TransactionStep,
): Promise<PaymentActivity> {
  const recorded = (activity: PaymentActivity) => (record ? [record(activity)] : []);
  const request = await loadPaymentRequestOrForbid(paymentRequestId, now);
  await auth.access.authorize(request.merchantAccountId);
  if (!request.preAuth) throw businessRule('INVALID_PAYMENT_REQUEST_TYPE');
  if (request.preAuthStatus === 'released') throw businessRule('PRE_AUTH_RELEASED');
  const at = isoTimestamp(now);
  if (request.status === 'new') {
    const changes = { status: 'cancelled' as const, cancellationReason: 'CANCELLED_BY_MERCHANT' };
    const activities = buildActivities(
      request,
      [
        {
          type: 'cancellation',
          value: request.value,
          cancellationReason: 'CANCELLED_BY_MERCHANT',
          createdBy: auth.principal.crn,
        },
      ],
      at,
    );
    await runTransaction([...recorded(activities[0]), ...transitionSteps(request, changes, activities, at)]);
    return activities[0];
  }
  if (request.preAuthStatus !== 'authorized') throw businessRule('REQUEST_CANCELLED');
  const ended = await releaseSteps(request, at, auth.principal.crn);
  await runTransaction([
    ...recorded(ended.activities[0]),
    ...transitionSteps(request, ended.changes, ended.activities, at),
    ...ended.steps,
  ]);
  return ended.activities[0];
}
