import type { FromSchema } from 'json-schema-to-ts';
import type { createAccountBody } from './schemas';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { insertAccount } from './account-store';

type Body = FromSchema<typeof createAccountBody>;

/** Region of an org account created without one (the documented example's answer). */
export const DEFAULT_REGION = 'NZ' as const;

/**
 * Creates an account owned by the caller's account. An org account operates in a region: the one
 * named, else the caller's, else NZ (the docs' create example names none and answers NZ);
 * individual accounts must not have one. A test account can only create test accounts.
 */
export const createAccount = authedOperation<Body>(async ({ body, auth, now }) => {
  const { principal } = auth;
  const caller = await auth.access.account(principal.accountId);
  if (body.type === 'individual' && body.region) throw badRequest('region is not allowed for individual accounts');
  if (caller.test && !body.test) throw businessRule('LIVENESS_MISMATCH');
  return insertAccount(
    {
      name: body.name,
      type: body.type,
      region: body.type === 'org' ? (body.region ?? (caller.region as Body['region']) ?? DEFAULT_REGION) : undefined,
      test: body.test,
      owner: body.owner,
      parentAccountId: principal.role === 'platform-operator' ? undefined : principal.accountId,
    },
    principal.crn,
    now,
  );
});
