import { authedOperation } from '../core/http/operation';
import { listActivities, loadPaymentRequestOrForbid } from '../payment-requests';

/** Every activity of one request, newest first. */
export const listPaymentRequestActivities = authedOperation(async ({ params, auth, now }) => {
  const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
  await auth.access.authorize(request.merchantAccountId);
  return { items: await listActivities(request.id) };
});
