import type { FromSchema } from 'json-schema-to-ts';
import type { collectionsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryCollections } from './collection-store';

type Query = FromSchema<typeof collectionsQuery>;

/** An account's collections, newest first, paginated. */
export const listCollections = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return queryCollections(account.id, query);
});
