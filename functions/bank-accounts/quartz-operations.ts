import type { FromSchema } from 'json-schema-to-ts';
import type { setPreferredNameBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { archive, setPreferredName } from './bank-account-store';
import type { BankAccount } from './entities';
import { loadBankAccount } from './load-bank-account';
import { bankAccountView } from './views';

type Body = FromSchema<typeof setPreferredNameBody>;

/** Preferred names and archiving are for quartz bank accounts only. */
async function loadQuartz(request: Parameters<typeof loadBankAccount>[0]): Promise<BankAccount> {
  const account = await loadBankAccount(request);
  if (account.type !== 'quartz') throw businessRule('INVALID_BANK_ACCOUNT_TYPE');
  return account;
}

// Both read the bank account and write conditionally on what they read: a concurrent change re-reads.
export const setPreferredBankAccountName = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const account = await loadQuartz(request);
    const at = isoTimestamp(request.now);
    const name = request.body.preferredBankAccountName;
    const activityNumber = await setPreferredName(account, name, request.auth.principal.crn, at);
    return {
      activityNumber,
      createdAt: at,
      bankAccountId: account.id,
      type: 'set-preferred-bank-account-name',
      preferredBankAccountName: name,
      createdBy: request.auth.principal.crn,
    };
  }),
);

export const archiveBankAccount = authedOperation((request) =>
  retryOnConflict(async () => {
    const account = await loadQuartz(request);
    if (account.status === 'archived') return bankAccountView(account);
    return bankAccountView(await archive(account, request.auth.principal.crn, isoTimestamp(request.now)));
  }),
);
