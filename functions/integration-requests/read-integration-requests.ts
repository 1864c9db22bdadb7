import type { FromSchema } from 'json-schema-to-ts';
import type { integrationRequestsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadRequest } from './load-request';
import { listRequests, present } from './request-store';

type Query = FromSchema<typeof integrationRequestsQuery>;

export const getIntegrationRequest = authedOperation(async (request) => present(await loadRequest(request, 'either')));

/** The configuration the operator set (`{}` until then). */
export const getIntegrationConfigs = authedOperation(async (request) => {
  const { terminalId } = await loadRequest(request, 'either');
  return terminalId !== undefined ? { terminalId } : {};
});

/** An account's requests (the caller's own unless `accountId` names another it may read), newest first. */
export const listIntegrationRequests = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const account = await auth.access.account(query.accountId ?? auth.principal.accountId);
  return listRequests(account.id, query);
});
