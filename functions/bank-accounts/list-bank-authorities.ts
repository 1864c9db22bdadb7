import { authedOperation } from '../core/http/operation';
import { queryBankAccounts } from './bank-account-store';
import { bankAuthoritySummaryView } from './views';

/** The caller's own account's bank accounts, in the deprecated list form. */
export const listBankAuthorities = authedOperation(async ({ auth }) =>
  (await queryBankAccounts(auth.principal.accountId)).map(bankAuthoritySummaryView),
);
