import { invalidRequest, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestByShortCode } from './load-payment-request';
import { present } from './payment-request-store';
import { parseShortCode } from './short-code';

export const getPaymentRequestByShortCode = authedOperation(async ({ params, auth, now }) => {
  const code = parseShortCode(params.shortCode);
  if (!code) throw invalidRequest('CHECKSUM_FAILED');
  const request = await loadPaymentRequestByShortCode(code, now);
  if (!request) throw forbidden();
  await auth.access.authorize(request.merchantAccountId);
  return present(request);
});
