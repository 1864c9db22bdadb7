import type { AuthedRequest } from '../core/http/operation';
import { businessRule, forbidden } from '../core/errors/classes';
import { findBankAccount } from './bank-account-store';
import type { BankAccount } from './entities';

/** The bank account of the path, if the caller may act on its account under the route's permission; else FORBIDDEN. */
export async function loadBankAccount(request: AuthedRequest): Promise<BankAccount> {
  const account = await findBankAccount(request.params.bankAccountId);
  if (!account) throw forbidden();
  await request.auth.access.account(account.accountId);
  return account;
}

/** Preferred names and archiving are for quartz bank accounts only. */
export async function loadQuartzBankAccount(request: AuthedRequest): Promise<BankAccount> {
  const account = await loadBankAccount(request);
  if (account.type !== 'quartz') throw businessRule('INVALID_BANK_ACCOUNT_TYPE');
  return account;
}
