import { groupHandler } from '../group-lambda';
import { addDirectDebitAuthority } from './add-direct-debit-authority';
import { createBankAccount } from './create-bank-account';
import { createBankAuthority } from './create-bank-authority';
import { getBankAccount, getBankAuthority } from './get-bank-account';
import { listBankAccounts, listBankAuthorities } from './list-bank-accounts';
import { archiveBankAccount, setPreferredBankAccountName } from './quartz-operations';
import { verifyBankAccount, verifyBankAuthority } from './verify-bank-account';

export const handler = groupHandler('bank-accounts', {
  createBankAccount,
  getBankAccount,
  listBankAccounts,
  addDirectDebitAuthority,
  verifyBankAccount,
  setPreferredBankAccountName,
  archiveBankAccount,
  createBankAuthority,
  getBankAuthority,
  listBankAuthorities,
  verifyBankAuthority,
});
