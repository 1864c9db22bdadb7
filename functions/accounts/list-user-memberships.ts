import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { membershipsOf } from './member-store';

/**
 * A user's memberships: all of them to the user and to the operator; to others only those of
 * accounts the caller owns, and none at all is FORBIDDEN, like a missing user.
 */
export const listUserMemberships = authedOperation(async ({ params, auth }) => {
  const { principal, access } = auth;
  const memberships = await membershipsOf(params.userId);
  if (principal.role === 'platform-operator' || principal.userId === params.userId) return memberships;
  const visible = [];
  for (const membership of memberships) if (await access.isOwn(membership.accountId)) visible.push(membership);
  if (visible.length === 0) throw forbidden();
  return visible;
});
