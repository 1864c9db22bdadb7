import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findAccount } from './account-store';
import { deleteMember } from './member-store';

/**
 * Revokes a membership; the last owner stays (LAST_OWNER_NOT_REVOKABLE). A signed-in user naming
 * themselves leaves: any org account they are a member of, whatever account they act in, and even
 * as its last owner unless they created it, so nobody can be held in an account they never chose.
 */
export const removeMember = authedOperation(async ({ params, auth }) => {
  const { principal } = auth;
  if (principal.kind === 'user' && params.userId === principal.userId) {
    const account = await findAccount(params.accountId);
    // An individual account is its user's own: never left. A missing one answers alike.
    if (account?.type !== 'org') throw forbidden();
    await deleteMember(account.id, principal.userId, { lastOwnerStays: account.createdBy === principal.crn });
    return {};
  }
  const account = await auth.access.account(params.accountId);
  await deleteMember(account.id, params.userId, { lastOwnerStays: true });
  return {};
});
