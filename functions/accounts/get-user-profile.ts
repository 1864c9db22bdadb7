import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { visibleMembershipsOf } from './list-user-memberships';
import { findUser } from './member-store';
import { presentProfile } from './profile-views';

/**
 * A user's profile, to whoever may see the user's memberships: the user, the operator and the owners of accounts
 * the user is a member of; anyone else, like a missing user, is FORBIDDEN.
 */
export const getUserProfile = authedOperation(async ({ params, auth }) => {
  await visibleMembershipsOf(params.userId, auth);
  const user = await findUser(params.userId);
  if (!user) throw forbidden();
  return presentProfile(user);
});
