import { authedOperation } from '../core/http/operation';
import { queryApiKeys } from './api-key-store';

export const listApiKeys = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return queryApiKeys(account.id);
});
