import type { FromSchema } from 'json-schema-to-ts';
import type { managedIntegrationsQuery } from './schemas';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findIntegration, listIntegrations, present } from './integration-store';
import { integrationPath } from './path';

type Query = FromSchema<typeof managedIntegrationsQuery>;

/** The caller's account's integration of the type and external id; none is FORBIDDEN. */
export const getManagedIntegration = authedOperation(async (request) => {
  const { type, externalId } = integrationPath(request);
  const account = await request.auth.access.account(request.auth.principal.accountId);
  const found = await findIntegration(account.id, type, externalId);
  if (!found) throw forbidden();
  return present(found);
});

/** The integrations an account manages, newest first. */
export const listManagedIntegrations = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listIntegrations(account.id, query);
});
