import { forbidden } from '../core/http/errors';
import { publicOperation } from '../core/http/operation';
import { loadPaymentRequest } from './load-payment-request';

/** What a pay page shows before sign-in; only while the request can still be paid. */
export const getPaymentRequestSummary = publicOperation(async ({ params, now }) => {
  const request = await loadPaymentRequest(params.paymentRequestId, now);
  if (!request || request.status !== 'new') throw forbidden();
  const { id, url, merchantId, merchantName, value, createdAt, expiresAt, paymentOptions, partialAllowed, basketAmount, remainingAmount, status, lineItems, liveness } = request;
  return { id, url, merchantId, merchantName, value, createdAt, expiresAt, paymentOptions, partialAllowed, basketAmount, remainingAmount, status, lineItems, liveness };
});
