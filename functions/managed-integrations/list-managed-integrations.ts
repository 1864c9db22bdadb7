import type { FromSchema } from 'json-schema-to-ts';
import type { managedIntegrationsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listIntegrations } from './integration-store';

type Query = FromSchema<typeof managedIntegrationsQuery>;

/** The integrations an account manages, newest first. */
export const listManagedIntegrations = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listIntegrations(account.id, query);
});
