import type { FromSchema } from 'json-schema-to-ts';
import type { setRateLimitBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { updateAccountRecord } from './account-store';

type Body = FromSchema<typeof setRateLimitBody>;

export const setRateLimit = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return updateAccountRecord(account.id, { rateLimitPerMinute: body.rateLimitPerMinute }, auth.principal.crn, now);
});
