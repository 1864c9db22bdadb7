import type { FromSchema } from 'json-schema-to-ts';
import type { updateApiKeyBody } from './schemas';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { setApiKeyEnabled } from './api-key-store';

type Body = FromSchema<typeof updateApiKeyBody>;

export const updateApiKey = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  // A key that disables itself locks its caller out mid-session; another key of the account must do it.
  if (!body.enabled && account.id === auth.principal.accountId && params.apiKeyName === auth.principal.keyName) {
    throw businessRule('API_KEY_SELF_DISABLE');
  }
  return setApiKeyEnabled(account.id, params.apiKeyName, body.enabled, auth.principal.crn, now);
});
