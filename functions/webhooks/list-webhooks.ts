import { authedOperation } from '../core/http/operation';
import { queryWebhooks } from './webhook-store';

export const listWebhooks = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return { items: await queryWebhooks(account.id) };
});
