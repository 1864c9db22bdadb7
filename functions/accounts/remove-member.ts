import { authedOperation } from '../core/http/operation';
import { removeMember as remove } from './member-store';

export const removeMember = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  await remove(account.id, params.userId);
  return {};
});
