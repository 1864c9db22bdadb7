/** The bank-accounts group's public face: what other groups (and tests reading the bank's statement) may use of it. */
export type { BankAccount, StatementLine } from './entities';
export { findBankAccount, newStatementLine, recentStatementLines, statementLineStep } from './bank-account-store';
