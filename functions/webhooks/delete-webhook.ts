import { authedOperation } from '../core/http/operation';
import { removeWebhook } from './webhook-store';

export const deleteWebhook = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  await removeWebhook(account.id, params.webhookId);
  return {};
});
