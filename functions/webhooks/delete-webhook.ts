import { authedOperation } from '../core/http/operation';
import { assertId } from '../core/ids';
import { removeWebhook } from './webhook-store';

export const deleteWebhook = authedOperation(async ({ params, auth }) => {
  assertId('webhookId', params.webhookId, 'webhook');
  const account = await auth.access.account(params.accountId);
  await removeWebhook(account.id, params.webhookId);
  return {};
});
