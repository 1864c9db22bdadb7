/**
 * Keys of the bank-accounts group's entities and the access patterns they serve. One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - bank account: PK BANKACCOUNT#<id>, SK BANKACCOUNT
 *   GSI1 ACCOUNTBANKACCOUNTS#<accountId>, <createdAt>#<id>
 *   serves: get (both APIs); bank accounts of an account
 * - holder guard: PK BANKNUMBER#<number>, SK HOLDER#<accountId>
 *   serves: one bank account per number and account (DUPLICATE_BANK_ACCOUNT)
 * - holders counter: PK BANKNUMBER#<number>, SK HOLDERS
 *   serves: accounts holding a number, platform-wide (BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED)
 * - account limits: PK BANKACCOUNTLIMITS#<accountId>, SK LIMITS
 *   serves: bank accounts and direct-debit authorities of an account
 * - statement line: PK BANKSTATEMENT#<number>, SK <at>#<id>
 *   serves: the bank's statement of a number: platform-initiated transactions and their verification codes, newest
 *     first
 * - balance: PK BANKBALANCE#<bankAccountId>, SK BALANCE
 *   serves: a test bank account's balance at the simulated bank, kept with each statement line that moves money
 */
export const bankAccountKey = (id: string) => ({ PK: `BANKACCOUNT#${id}`, SK: 'BANKACCOUNT' });
export const accountBankAccountsIndex = (accountId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `ACCOUNTBANKACCOUNTS#${accountId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const holderGuardKey = (number: string, accountId: string) => ({
  PK: `BANKNUMBER#${number}`,
  SK: `HOLDER#${accountId}`,
});
export const holdersCounterKey = (number: string) => ({ PK: `BANKNUMBER#${number}`, SK: 'HOLDERS' });
export const accountLimitsKey = (accountId: string) => ({ PK: `BANKACCOUNTLIMITS#${accountId}`, SK: 'LIMITS' });
export const bankBalanceKey = (bankAccountId: string) => ({ PK: `BANKBALANCE#${bankAccountId}`, SK: 'BALANCE' });
export const statementPartition = (number: string) => `BANKSTATEMENT#${number}`;
export const statementLineKey = (number: string, at: string, id: string) => ({
  PK: statementPartition(number),
  SK: `${at}#${id}`,
});
