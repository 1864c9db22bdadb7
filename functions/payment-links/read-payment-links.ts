import type { FromSchema } from 'json-schema-to-ts';
import type { paymentLinksQuery } from './schemas';
import { forbidden } from '../core/errors/classes';
import { authedOperation, publicOperation } from '../core/http/operation';
import { loadMerchantFor } from '../merchants';
import { loadPaymentLink } from './load-payment-link';
import { findPaymentLink, listPaymentLinks, present, presentSummary } from './payment-link-store';

type Query = FromSchema<typeof paymentLinksQuery>;

export const getPaymentLink = authedOperation(async (request) => present(await loadPaymentLink(request)));

/**
 * What a payer opening the link needs, to anyone holding it: the merchant and the payment request
 * to pay. An archived link leads nowhere: it answers like a missing one.
 */
export const getPaymentLinkSummary = publicOperation(async ({ params }) => {
  const link = await findPaymentLink(params.paymentLinkId);
  if (!link || link.status !== 'created') throw forbidden();
  return presentSummary(link);
});

/** A merchant's links, newest first. */
export const listMerchantPaymentLinks = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const merchant = await loadMerchantFor(params.merchantId, auth.access);
  return listPaymentLinks(merchant.id, query);
});
