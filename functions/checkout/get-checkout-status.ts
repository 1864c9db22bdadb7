import { isoTimestamp } from '../core/clock';
import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { loadPaymentRequest, merchantNow } from '../payment-requests';

/**
 * What the hosted checkout page polls for its live status: the request's status, remaining amount
 * and expiry, and the clock its expiry goes by, the merchant's (payment-requests/request-clock.ts:
 * a test clock moves the page's countdown too). Reading it applies due times like any read, so a
 * request past `expiresAt` answers `expired`. A missing request is 403, as for the public summary.
 */
export const getCheckoutStatus = publicOperation(async ({ params, now }) => {
  const request = await loadPaymentRequest(params.paymentRequestId, now);
  if (!request) throw forbidden();
  const { id, status, expiresAt, remainingAmount } = request;
  return { id, status, expiresAt, remainingAmount, now: isoTimestamp(await merchantNow(request, now)) };
});
