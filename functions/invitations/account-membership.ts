import { findAccount, findMember, findUserByEmail, setMember, type MemberRole } from '../accounts';
import { businessRule, forbidden } from '../core/errors/classes';
import type { CreatableKind } from './kind';

/**
 * An invitation to become a member of an org account with a role;
 * accepting it (the one way a user joins) makes the recipient that member.
 */
export const accountMembership: CreatableKind = {
  type: 'account-membership',
  resourceType: 'account',
  async prepare({ resourceId, params }, access) {
    const account = await access.account(resourceId);
    if (account.type !== 'org') throw businessRule('INVALID_ACCOUNT_TYPE');
    return { account, params: { role: params.role as MemberRole, accountName: account.name } };
  },
  async joined(resourceId, recipientAlias) {
    const user = await findUserByEmail(recipientAlias);
    return user !== undefined && (await findMember(resourceId, user.id)) !== undefined;
  },
  async accept(invitation, recipient, steps, now) {
    const account = await findAccount(invitation.resourceId);
    if (!account) throw forbidden();
    // Addressed to an alias, so accepted only by a user (accept-invitation.ts).
    if (!recipient.userId) throw businessRule('RECIPIENT_ALIAS_MISMATCH');
    await setMember(account, recipient.userId, invitation.params.role as MemberRole, recipient.crn, now, steps);
  },
};
