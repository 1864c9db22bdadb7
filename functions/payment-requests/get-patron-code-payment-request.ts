import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { patronRequestLinkEntity, patronRequestLinksOf } from './keys';
import { loadPaymentRequest } from './load-payment-request';
import { present } from './payment-request-store';

/** How many recent links are examined: patrons poll right after a scan, so the one wanted is among the newest. */
const RECENT_LINKS = 10;

/** The latest `new` request created with one of the caller's patron codes (polled after a scan). */
export const getPatronCodePaymentRequest = authedOperation(async ({ auth, now }) => {
  const links = await patronRequestLinkEntity.all({
    partition: patronRequestLinksOf(auth.principal.accountId).PK,
    newestFirst: true,
    limit: RECENT_LINKS,
  });
  for (const link of links) {
    const request = await loadPaymentRequest(link.paymentRequestId, now);
    if (request?.status === 'new') return present(request, auth.principal);
  }
  throw forbidden();
});
