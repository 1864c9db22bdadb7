import { authedOperation } from '../core/http/operation';
import { listBankAccounts as listOf } from './bank-account-store';
import { bankAccountView, bankAuthoritySummaryView } from './views';

export const listBankAccounts = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return (await listOf(account.id)).map(bankAccountView);
});

/** The caller's own account's bank accounts, in the deprecated list form. */
export const listBankAuthorities = authedOperation(async ({ auth }) =>
  (await listOf(auth.principal.accountId)).map(bankAuthoritySummaryView),
);
