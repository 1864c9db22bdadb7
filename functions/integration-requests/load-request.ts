import type { Access } from '../core/auth/access';
import { ApiError, forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { integrationRequestEntity, type StoredIntegrationRequest } from './entities';

/**
 * Whose request it is for an operation: `either` party (the requesting account or the merchant's),
 * or the `merchant`'s account alone.
 */
export type Party = 'either' | 'merchant';

/** The request the path names, if the caller may act for the party under the route's permission; else FORBIDDEN. */
export async function loadRequest(request: AuthedRequest, party: Party): Promise<StoredIntegrationRequest> {
  const found = await integrationRequestEntity.get(request.params.integrationRequestId);
  if (!found) throw forbidden();
  const accounts = party === 'merchant' ? [found.merchantAccountId] : [found.accountId, found.merchantAccountId];
  if (!(await reachesAny(request.auth.access, accounts))) throw forbidden();
  return found;
}

async function reachesAny(access: Access, accountIds: string[]): Promise<boolean> {
  for (const accountId of new Set(accountIds)) {
    try {
      await access.account(accountId);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.statusCode === 403)) throw error;
    }
  }
  return false;
}
