import type { FromSchema } from 'json-schema-to-ts';
import type { listMerchantsQuery } from './schemas';
import { stripKeys } from '../core/db/keys';
import { accountMerchantsIndex } from './keys';
import { newestFirstPage } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { present, type StoredMerchant } from './merchant-store';

type Query = FromSchema<typeof listMerchantsQuery>;

async function merchantsOf(accountId: string, query: Query) {
  return newestFirstPage(accountMerchantsIndex(accountId).GSI1PK, query, (item) => present(stripKeys(item) as unknown as StoredMerchant));
}

/** Merchants of an account, newest first. */
export const listAccountMerchants = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return merchantsOf(account.id, query);
});

/** Deprecated: merchants of the caller's own account. */
export const listMyMerchants = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const account = await auth.access.account(auth.principal.accountId);
  return merchantsOf(account.id, query);
});
