import type { FromSchema } from 'json-schema-to-ts';
import type { createApiKeyBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { issueApiKey } from './api-key-store';

type Body = FromSchema<typeof createApiKeyBody>;

export const createApiKey = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return issueApiKey({ accountId: account.id, name: body.name, role: body.role }, auth.principal.crn, now);
});
