import type { FromSchema } from 'json-schema-to-ts';
import type { addMemberBody } from './schemas';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { setMember } from './member-store';

type AddMemberBody = FromSchema<typeof addMemberBody>;

/** Adds or updates a member. An individual account has one member, its owner: INVALID_ACCOUNT_TYPE. */
export const addMember = authedOperation<AddMemberBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  if (account.type !== 'org') throw businessRule('INVALID_ACCOUNT_TYPE');
  return setMember(account, body.userId, body.role, auth.principal.crn, now);
});
