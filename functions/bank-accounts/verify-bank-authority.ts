import { verifyBankAccount } from './verify-bank-account';

/** The deprecated twin verifies the same stored bank account. */
export const verifyBankAuthority = verifyBankAccount;
