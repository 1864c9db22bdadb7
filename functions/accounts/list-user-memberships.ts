import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { forbidden } from '../core/errors/classes';
import { membershipsOf, type MembershipSummary } from './member-store';

/**
 * A user's memberships: all of them to the user and to the operator; to others only those of
 * accounts the caller owns, and none at all is FORBIDDEN, like a missing user.
 */
export const listUserMemberships = authedOperation(({ params, auth }) => visibleMembershipsOf(params.userId, auth));

/** The memberships of the user the caller may see (FORBIDDEN when none): what makes a user visible to it. */
export async function visibleMembershipsOf(userId: string, auth: AuthedRequest['auth']): Promise<MembershipSummary[]> {
  const { principal, access } = auth;
  const memberships = await membershipsOf(userId);
  if (principal.role === 'platform-operator' || principal.userId === userId) return memberships;
  const visible = [];
  for (const membership of memberships) if (await access.isOwn(membership.accountId)) visible.push(membership);
  if (visible.length === 0) throw forbidden();
  return visible;
}
