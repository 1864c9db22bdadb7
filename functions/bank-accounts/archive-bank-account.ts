import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { archive } from './bank-account-store';
import { loadQuartzBankAccount } from './load-bank-account';
import { bankAccountView } from './views';

// Reads the bank account and writes conditionally on what it read: a concurrent change re-reads.
export const archiveBankAccount = authedOperation((request) =>
  retryOnConflict(async () => {
    const account = await loadQuartzBankAccount(request);
    if (account.status === 'archived') return bankAccountView(account);
    return bankAccountView(await archive(account, request.auth.principal.crn, isoTimestamp(request.now)));
  }),
);
