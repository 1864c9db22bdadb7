import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { loadPaymentLink } from './load-payment-link';
import { archiveLink, present } from './payment-link-store';

/**
 * created → archived: the link takes no more payment requests and its summary leads nowhere. Archiving an archived link
 * answers it as it is.
 */
export const archivePaymentLink = authedOperation((request) =>
  retryOnConflict(async () => {
    const link = await loadPaymentLink(request);
    if (link.status === 'archived') return present(link);
    return present(await archiveLink(link, isoTimestamp(request.now), request.auth.principal.crn));
  }),
);
