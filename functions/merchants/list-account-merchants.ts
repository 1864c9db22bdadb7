import type { FromSchema } from 'json-schema-to-ts';
import type { listMerchantsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryAccountMerchants } from './merchant-store';

type Query = FromSchema<typeof listMerchantsQuery>;

/** Merchants of an account, newest first. */
export const listAccountMerchants = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return queryAccountMerchants(account.id, query);
});
