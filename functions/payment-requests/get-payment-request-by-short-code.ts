import { paymentRequestEntity, shortCodeIndex } from './keys';
import { invalidRequest, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { present } from './payment-request-store';
import { parseShortCode } from './short-code';

/** Short codes are recycled over time: the latest request with the code is the one meant. */
export const getPaymentRequestByShortCode = authedOperation(async ({ params, auth, now }) => {
  const code = parseShortCode(params.shortCode);
  if (!code) throw invalidRequest('CHECKSUM_FAILED');
  const latest = await paymentRequestEntity.first({
    partition: shortCodeIndex(code).GSI2PK,
    index: 'GSI2',
    newestFirst: true,
  });
  if (!latest) throw forbidden();
  // Index reads lag: the request is read again from the table.
  const request = await loadPaymentRequestOrForbid(latest.id, now);
  await auth.access.account(request.merchantAccountId);
  return present(request);
});
