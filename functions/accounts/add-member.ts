import type { FromSchema } from 'json-schema-to-ts';
import type { addMemberBody } from './schemas';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { changeMemberRole } from './member-store';

type AddMemberBody = FromSchema<typeof addMemberBody>;

/**
 * Changes the role of a member of an org account. Users join only by accepting an invitation:
 * naming anyone else is INVITATION_REQUIRED. An individual account has one member, its owner:
 * INVALID_ACCOUNT_TYPE.
 */
export const addMember = authedOperation<AddMemberBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  if (account.type !== 'org') throw businessRule('INVALID_ACCOUNT_TYPE');
  return changeMemberRole(account, body.userId, body.role, auth.principal.crn, now);
});
