import type { FromSchema } from 'json-schema-to-ts';
import type { settlementsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadMerchantFor } from '../merchants';
import { merchantSettlements } from './settlement-store';

type Query = FromSchema<typeof settlementsQuery>;

/** The settlements of a merchant the caller may read, newest first. */
export const listMerchantSettlements = authedOperation<unknown, Query>(async ({ params, auth, query }) => {
  const merchant = await loadMerchantFor(params.merchantId, auth.access);
  const page = await merchantSettlements(merchant.id, query);
  return { items: page.items, ...(page.nextPageKey ? { nextPageKey: page.nextPageKey } : {}) };
});
