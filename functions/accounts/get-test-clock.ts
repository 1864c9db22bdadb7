import { authedOperation } from '../core/http/operation';
import { findAccount } from './account-store';
import { readAccountClock } from './test-clock';

/** Read fresh: the caller's own account may come from the authentication cache. */
export const getTestClock = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return readAccountClock((await findAccount(account.id)) ?? account);
});
