import type { FromSchema } from 'json-schema-to-ts';
import type { createAccountBody } from './schemas';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { insertAccount } from './account-store';

type Body = FromSchema<typeof createAccountBody>;

/** Region of an org account created without one (the documented example's answer). */
const DEFAULT_REGION = 'NZ' as const;

/**
 * Creates an account owned by the caller's account. An org account operates in a region: the one
 * named, else the caller's, else NZ (the docs' create example names none and answers NZ);
 * individual accounts must not have one. A test account can only create test accounts.
 *
 * Its creator is its only owner: a signed-in user becomes its `account-owner`; an API key's account
 * has no member. `owner` naming anyone else is INVITATION_REQUIRED (users join by accepting an
 * invitation). A user's one individual account is made with the user, so a user creates org
 * accounts only (INVALID_ACCOUNT_TYPE).
 */
export const createAccount = authedOperation<Body>(async ({ body, auth, now }) => {
  const { principal } = auth;
  if (body.type === 'individual' && body.region) throw badRequest('region is not allowed for individual accounts');
  if (body.owner !== undefined && body.owner !== principal.userId) throw businessRule('INVITATION_REQUIRED');
  if (principal.userId && body.type === 'individual') throw businessRule('INVALID_ACCOUNT_TYPE');
  const caller = await auth.access.account(principal.accountId);
  if (caller.test && !body.test) throw businessRule('LIVENESS_MISMATCH');
  return insertAccount(
    {
      name: body.name,
      type: body.type,
      region: body.type === 'org' ? (body.region ?? (caller.region as Body['region']) ?? DEFAULT_REGION) : undefined,
      test: body.test,
      owner: principal.userId,
      parentAccountId: principal.role === 'platform-operator' ? undefined : principal.accountId,
    },
    principal.crn,
    now,
  );
});
