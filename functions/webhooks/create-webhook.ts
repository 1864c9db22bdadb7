import type { FromSchema } from 'json-schema-to-ts';
import type { createWebhookBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { addWebhook } from './webhook-store';

type Body = FromSchema<typeof createWebhookBody>;

export const createWebhook = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return addWebhook({ accountId: account.id, url: body.url, types: body.types }, auth.principal.crn, now);
});
