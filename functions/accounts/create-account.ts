import type { FromSchema } from 'json-schema-to-ts';
import type { createAccountBody } from './schemas';
import { badRequest, businessRule } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { insertAccount } from './account-store';

type Body = FromSchema<typeof createAccountBody>;

/**
 * Creates an account owned by the caller's account. Org accounts need a region; individual
 * accounts must not have one. A test account can only create test accounts.
 */
export const createAccount = authedOperation<Body>(async ({ body, auth, now }) => {
  const { principal } = auth;
  const caller = await auth.access.account(principal.accountId);
  if (body.type === 'org' && !body.region) throw badRequest('region is required for org accounts');
  if (body.type === 'individual' && body.region) throw badRequest('region is not allowed for individual accounts');
  if (caller.test && !body.test) throw businessRule('LIVENESS_MISMATCH');
  return insertAccount(
    {
      name: body.name,
      type: body.type,
      region: body.region,
      test: body.test,
      owner: body.owner,
      parentAccountId: principal.role === 'platform-operator' ? undefined : principal.accountId,
    },
    principal.crn,
    now,
  );
});
