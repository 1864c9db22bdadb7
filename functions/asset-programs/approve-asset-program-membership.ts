import { isoTimestamp } from '../core/clock';
import { authedOperation } from '../core/http/operation';
import { findNamedMembership } from './load';
import { changeMembership } from './membership-change';

/**
 * Only the program's owner approves (the route's permission on
 * the owner's account): `created` or `accepted` → `approved`.
 */
export const approveAssetProgramMembership = authedOperation((request) =>
  changeMembership(
    request,
    async (r) => {
      const membership = await findNamedMembership(r);
      await r.auth.access.account(membership.programAccountId);
      return membership;
    },
    async (m) => (m.status === 'approved' ? {} : { status: 'approved', approvedAt: isoTimestamp(request.now) }),
  ),
);
