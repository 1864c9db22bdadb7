import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { present } from './payment-request-store';

export const getPaymentRequest = authedOperation(async ({ params, auth, now }) => {
  const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
  await auth.access.account(request.merchantAccountId);
  return present(request);
});
