import type { FromSchema } from 'json-schema-to-ts';
import type { createApiKeyBody } from './schemas';
import { isTrusted } from '../core/auth/principal';
import { authedOperation } from '../core/http/operation';
import { issueApiKey } from './api-key-store';

type Body = FromSchema<typeof createApiKeyBody>;

/**
 * A key of the account. API keys count as trusted users (they may spend), so a key made by a caller that is not one (a
 * signed-in owner whose phone is not verified, or a key such a user made) is not trusted either: otherwise its secret
 * would spend what its maker may not.
 */
export const createApiKey = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const untrusted = !isTrusted(auth.principal);
  return issueApiKey(
    { accountId: account.id, name: body.name, role: body.role, ...(untrusted ? { untrusted } : {}) },
    auth.principal.crn,
    now,
  );
});
