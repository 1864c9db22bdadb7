import type { FromSchema } from 'json-schema-to-ts';
import type { listWalletAssetsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryWalletAssets } from './asset-store';

type Query = FromSchema<typeof listWalletAssetsQuery>;

/** The caller's wallet assets, or those of an account it may act for (`?accountId=`). */
export const listWalletAssets = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const account = await auth.access.account(query.accountId ?? auth.principal.accountId);
  return queryWalletAssets(account.id);
});
