/**
 * The bank-accounts group's public face: what other groups (and tests reading the bank's statement) may
 * use of it. Bank account approvals keep `approvals` with `approvalSummaryStep` and register the bank
 * accounts a connection consent shares with `bankAccountRecord` and `registrationSteps`.
 */
export type { BankAccount } from './entities';
export {
  approvalSummaryStep,
  BANK_ACCOUNT_CODES,
  findBankAccount,
  namedBankAccount,
  newStatementLine,
  queryBankAccounts,
  recentStatementLines,
  registrationSteps,
  statementLineSteps,
} from './bank-account-store';
export { bankAccountRecord } from './register';
