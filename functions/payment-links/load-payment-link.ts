import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredPaymentLink } from './entities';
import { findPaymentLink } from './payment-link-store';

/**
 * The link the path names, if the caller may act on its merchant's account under the route's permission; else
 * FORBIDDEN.
 */
export async function loadPaymentLink(request: AuthedRequest): Promise<StoredPaymentLink> {
  const link = await findPaymentLink(request.params.paymentLinkId);
  if (!link) throw forbidden();
  await request.auth.access.account(link.merchantAccountId);
  return link;
}
