import type { FromSchema } from 'json-schema-to-ts';
import type { listMerchantsQuery } from './schemas';
import { accountMerchantsPartition, merchantEntity } from './entities';
import { newestFirstPage } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { present } from './merchant-store';

type Query = FromSchema<typeof listMerchantsQuery>;

async function merchantsOf(accountId: string, query: Query) {
  return newestFirstPage(accountMerchantsPartition(accountId), query, (item) => present(merchantEntity.parse(item)));
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
