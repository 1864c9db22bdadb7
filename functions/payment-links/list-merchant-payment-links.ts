import type { FromSchema } from 'json-schema-to-ts';
import type { paymentLinksQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadMerchantFor } from '../merchants';
import { listPaymentLinks } from './payment-link-store';

type Query = FromSchema<typeof paymentLinksQuery>;

/** A merchant's links, newest first. */
export const listMerchantPaymentLinks = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const merchant = await loadMerchantFor(params.merchantId, auth.access);
  return listPaymentLinks(merchant.id, query);
});
