import type { FromSchema } from 'json-schema-to-ts';
import type { billingBankAccountBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import type { StoredMembership } from './entities';
import { billingBankAccount, findNamedMembership, loadMemberMembership } from './load';
import { presentMembership, replaceMembership } from './store';

type Changes = Partial<Pick<StoredMembership, 'status' | 'tosAcceptedAt' | 'approvedAt' | 'billingBankAccountId'>>;

/**
 * Applies a change to the membership as read, conditional on its version (retried on conflict);
 * `load` decides whose account the caller acts on. A change that changes nothing answers the membership as it is.
 */
function change(
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

/** The member account accepts the terms: `created` → `accepted`; an approved membership stays `approved`, now accepted too. */
export const acceptAssetProgramMembership = authedOperation((request) =>
  change(request, loadMemberMembership, async (m) =>
    m.tosAcceptedAt
      ? {}
      : { tosAcceptedAt: isoTimestamp(request.now), status: m.status === 'created' ? 'accepted' : m.status },
  ),
);

/** Only the program's owner approves (the route's permission on the owner's account): `created` or `accepted` → `approved`. */
export const approveAssetProgramMembership = authedOperation((request) =>
  change(
    request,
    async (r) => {
      const membership = await findNamedMembership(r);
      await r.auth.access.account(membership.programAccountId);
      return membership;
    },
    async (m) => (m.status === 'approved' ? {} : { status: 'approved', approvedAt: isoTimestamp(request.now) }),
  ),
);

export const setMembershipBillingBankAccount = authedOperation<FromSchema<typeof billingBankAccountBody>>((request) =>
  change(request, loadMemberMembership, async (m) => ({
    billingBankAccountId: await billingBankAccount(m.accountId, request.body.billingBankAccountId),
  })),
);
