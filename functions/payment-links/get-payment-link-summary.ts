import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { findPaymentLink, presentSummary } from './payment-link-store';

/**
 * What a payer opening the link needs, to anyone holding it: the merchant and the payment request
 * to pay. An archived link leads nowhere: it answers like a missing one.
 */
export const getPaymentLinkSummary = publicOperation(async ({ params }) => {
  const link = await findPaymentLink(params.paymentLinkId);
  if (link?.status !== 'created') throw forbidden();
  return presentSummary(link);
});
