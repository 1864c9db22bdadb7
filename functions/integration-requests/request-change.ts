import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredIntegrationRequest } from './entities';
import { loadRequest, type Party } from './load-request';
import { present, replaceRequest } from './request-store';

/** Applies a change to the request as read, conditional on its version (retried on conflict). */
export function changeRequest(
  request: AuthedRequest,
  party: Party,
  next: (current: StoredIntegrationRequest) => Partial<StoredIntegrationRequest>,
) {
  return retryOnConflict(async () => {
    const current = await loadRequest(request, party);
    const changes = { ...next(current), updatedAt: isoTimestamp(request.now), updatedBy: request.auth.principal.crn };
    return present(await replaceRequest(current, changes));
  });
}
