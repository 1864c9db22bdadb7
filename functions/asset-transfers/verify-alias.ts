import type { FromSchema } from 'json-schema-to-ts';
import type { verifiedAliasBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { putVerifiedAlias } from './aliases';
import { normalizeAlias } from './transfer-store';

type Body = FromSchema<typeof verifiedAliasBody>;

/**
 * The platform operator records a phone number or email address verified for an account (what
 * user sign-in verification does): transfers sent to it are then completed into that account.
 */
export const verifyAlias = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return putVerifiedAlias(account.id, normalizeAlias(body.alias), auth.principal.crn, now);
});
