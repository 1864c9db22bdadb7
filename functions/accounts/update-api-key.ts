import type { FromSchema } from 'json-schema-to-ts';
import type { updateApiKeyBody } from '../../schemas/api-keys';
import { authedOperation } from '../core/http/operation';
import { setApiKeyEnabled } from './api-key-store';

type Body = FromSchema<typeof updateApiKeyBody>;

export const updateApiKey = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return setApiKeyEnabled(account.id, params.apiKeyName, body.enabled, auth.principal.crn, now);
});
