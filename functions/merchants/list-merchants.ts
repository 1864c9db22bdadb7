import type { FromSchema } from 'json-schema-to-ts';
import type { listMerchantsQuery } from '../../schemas/merchants';
import { config } from '../core/config';
import { accountMerchantsIndex, stripKeys } from '../core/db/keys';
import { paginationLimit, queryPage } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { present, type StoredMerchant } from './merchant-store';

type Query = FromSchema<typeof listMerchantsQuery>;

async function merchantsOf(accountId: string, query: Query) {
  const { GSI1PK } = accountMerchantsIndex(accountId);
  return queryPage(
    {
      TableName: config().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': GSI1PK },
      ScanIndexForward: false,
    },
    { scope: GSI1PK, limit: paginationLimit(query.paginationLimit), pageKey: query.pageKey, map: (item) => present(stripKeys(item) as unknown as StoredMerchant) },
  );
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
