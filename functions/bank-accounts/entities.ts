import { defineEntity } from '../core/db/entity';
import {
  accountBankAccountsIndex,
  accountLimitsKey,
  bankAccountKey,
  bankBalanceKey,
  holderGuardKey,
  holdersCounterKey,
  statementLineKey,
} from './keys';

export type BankAccountType = 'centrapay' | 'quartz';
type ApprovalSummaryStatus = 'pending' | 'approved' | 'declined';

/** Who gave a direct-debit authority (the bank authorities API also records an address). */
export interface DirectDebitAuthority {
  fullName: string;
  phoneNumber: string;
  emailAddress: string;
  streetAddress?: string;
  suburb?: string;
  city?: string;
  postCode?: string;
}

/**
 * One stored bank account, served by the current API (/api/bank-accounts) and its deprecated twin
 * (/api/bank-authorities, a bank account with a direct-debit authority).
 */
export interface BankAccount {
  id: string;
  accountId: string;
  bankAccountNumber: string;
  bankAccountName: string;
  preferredBankAccountName?: string;
  type: BankAccountType;
  status: 'created' | 'active' | 'archived';
  verified: boolean;
  directDebitAuthorized: boolean;
  directDebitAuthority?: DirectDebitAuthority;
  /** One summary per approval type, kept by the approvals of this bank account. */
  approvals: { type: string; status: ApprovalSummaryStatus; updatedAt: string }[];
  bankRegion: 'nz';
  test?: boolean;
  failedVerificationAttempts: number;
  /** Activities (preferred name) numbered from 1. */
  activityCount: number;
  createdAt: string;
  createdBy: string;
  modifiedAt: string;
  modifiedBy: string;
}

export const bankAccountEntity = defineEntity<BankAccount, [string]>({
  type: 'bank-account',
  version: 1,
  key: bankAccountKey,
  keyOf: (record) => bankAccountKey(record.id),
  indexes: (record) => accountBankAccountsIndex(record.accountId, record.createdAt, record.id),
  required: [
    'id',
    'accountId',
    'bankAccountNumber',
    'bankAccountName',
    'type',
    'status',
    'verified',
    'directDebitAuthorized',
    'createdAt',
    'createdBy',
  ],
});

/**
 * A line of the bank's statement for a bank account number: a transaction the platform initiated
 * (a verification debit, a top up, a withdrawal, a top up paid back) or the bank's reversal of a top up or withdrawal
 * it failed or sent back, with the 4-digit code its reference shows.
 */
export interface StatementLine {
  id: string;
  bankAccountNumber: string;
  bankAccountId: string;
  accountId: string;
  kind: 'verification' | 'topup' | 'withdrawal' | 'topup-return' | 'topup-reversal' | 'withdrawal-reversal';
  amount: string;
  currency: string;
  code: string;
  reference: string;
  createdAt: string;
}

export const statementLineEntity = defineEntity<StatementLine, [string, string, string]>({
  type: 'bank-statement-line',
  version: 1,
  key: statementLineKey,
  keyOf: (line) => statementLineKey(line.bankAccountNumber, line.createdAt, line.id),
  required: ['id', 'bankAccountNumber', 'bankAccountId', 'accountId', 'kind', 'amount', 'code', 'createdAt'],
});

/**
 * A bank account's balance at the simulated bank, in cents: each statement line that moves money adds to it in the
 * line's own transaction, so a balance is one read however long the statement grows.
 */
interface BankBalance {
  bankAccountId: string;
  /** A DynamoDB Number, written as a bigint; read back exactly (a number, or a bigint past 2^53). */
  cents: number | bigint;
}

export const bankBalanceEntity = defineEntity<BankBalance, [bankAccountId: string]>({
  type: 'bank-account-balance',
  version: 1,
  key: bankBalanceKey,
  keyOf: (balance) => bankBalanceKey(balance.bankAccountId),
  required: ['bankAccountId', 'cents'],
});

/** Makes a bank account its account's only one with this number; names that bank account. */
interface HolderGuard {
  bankAccountNumber: string;
  accountId: string;
  bankAccountId: string;
}

export const holderGuardEntity = defineEntity<HolderGuard, [number: string, accountId: string]>({
  type: 'bank-account-holder-guard',
  version: 1,
  key: holderGuardKey,
  keyOf: (guard) => holderGuardKey(guard.bankAccountNumber, guard.accountId),
  required: ['bankAccountId'],
});

/** How many accounts hold a bank account number, platform-wide (a counter, only ever added to). */
interface HoldersCounter {
  bankAccountNumber: string;
  holders: number;
}

export const holdersCounterEntity = defineEntity<HoldersCounter, [number: string]>({
  type: 'bank-account-holders',
  version: 1,
  key: holdersCounterKey,
  keyOf: (counter) => holdersCounterKey(counter.bankAccountNumber),
  required: ['holders'],
});

/** An account's bank accounts and those with a direct-debit authority (counters, only ever added to). */
interface AccountLimits {
  accountId: string;
  total: number;
  directDebit: number;
}

export const accountLimitsEntity = defineEntity<AccountLimits, [accountId: string]>({
  type: 'bank-account-limits',
  version: 1,
  key: accountLimitsKey,
  keyOf: (limits) => accountLimitsKey(limits.accountId),
  required: ['total', 'directDebit'],
});
