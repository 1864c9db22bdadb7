import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { managedIntegrationEntity } from './entities';
import { present } from './integration-store';
import { integrationPath } from './path';

/** The caller's account's integration of the type and external id; none is FORBIDDEN. */
export const getManagedIntegration = authedOperation(async (request) => {
  const { type, externalId } = integrationPath(request);
  const account = await request.auth.access.account(request.auth.principal.accountId);
  const found = await managedIntegrationEntity.get(account.id, type, externalId);
  if (!found) throw forbidden();
  return present(found);
});
