import type { FromSchema } from 'json-schema-to-ts';
import type { integrationRequestsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listRequests } from './request-store';

type Query = FromSchema<typeof integrationRequestsQuery>;

/** An account's requests (the caller's own unless `accountId` names another it may read), newest first. */
export const listIntegrationRequests = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const account = await auth.access.account(query.accountId ?? auth.principal.accountId);
  return listRequests(account.id, query);
});
