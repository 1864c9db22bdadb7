import { authedOperation } from '../core/http/operation';
import { listApiKeys as listKeys } from './api-key-store';

export const listApiKeys = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listKeys(account.id);
});
