import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import type { AuthedRequest } from '../core/http/operation';
import type { StoredMembership } from './entities';
import { presentMembership, replaceMembership } from './store';

type Changes = Partial<Pick<StoredMembership, 'status' | 'tosAcceptedAt' | 'approvedAt' | 'billingBankAccountId'>>;

/**
 * Applies a change to the membership as read, conditional on its version (retried on conflict);
 * `load` decides whose account the caller acts on. A change that changes nothing answers the membership as it is.
 */
export function changeMembership(
  request: AuthedRequest,
  load: (request: AuthedRequest) => Promise<StoredMembership>,
  next: (membership: StoredMembership) => Promise<Changes>,
) {
  return retryOnConflict(async () => {
    const membership = await load(request);
    const changes = await next(membership);
    if (Object.entries(changes).every(([field, value]) => membership[field as keyof Changes] === value))
      return presentMembership(membership);
    const updated = {
      ...membership,
      ...changes,
      updatedAt: isoTimestamp(request.now),
      updatedBy: request.auth.principal.crn,
    };
    return presentMembership(await replaceMembership(membership, updated));
  });
}
