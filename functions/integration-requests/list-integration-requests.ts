import type { FromSchema } from 'json-schema-to-ts';
import type { integrationRequestsQuery } from './schemas';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { listRequests } from './request-store';

type Query = FromSchema<typeof integrationRequestsQuery>;

/**
 * An account's requests (the caller's own unless `accountId` names another it may read), newest first. A caller whose
 * grant reaches every account (the operator, who configures what providers issue) leaves `accountId` out to search
 * every account's pending requests.
 */
export const listIntegrationRequests = authedOperation<unknown, Query>(async ({ query, auth }) => {
  if (query.accountId === undefined && auth.access.global) {
    if (!query.pending) throw badRequest('accountId is required unless pending is true');
    return listRequests(undefined, query);
  }
  const account = await auth.access.account(query.accountId ?? auth.principal.accountId);
  return listRequests(account.id, query);
});
