import type { FromSchema } from 'json-schema-to-ts';
import type { listMerchantsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryAccountMerchants } from './merchant-store';

type Query = FromSchema<typeof listMerchantsQuery>;

/** Deprecated: merchants of the caller's own account. */
export const listMyMerchants = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const account = await auth.access.account(auth.principal.accountId);
  return queryAccountMerchants(account.id, query);
});
