import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { present } from './payment-request-store';

export const getPaymentRequest = authedOperation(async ({ params, auth, now }) => {
  const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
  await auth.access.authorize(request.merchantAccountId);
  // Anyone may read a request by its id (a global grant); who paid it is the merchant's and the payer's to know.
  const merchantSide = await auth.access.isOwn(request.merchantAccountId);
  return present(request, merchantSide ? undefined : auth.principal);
});
