import { randomInt } from 'node:crypto';
import type { Condition } from '../core/db/entity';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule, type BusinessRuleCode } from '../core/errors/classes';
import { newId } from '../core/ids';
import {
  accountLimitsEntity,
  bankAccountEntity,
  bankBalanceEntity,
  holderGuardEntity,
  holdersCounterEntity,
  statementLineEntity,
  type BankAccount,
  type DirectDebitAuthority,
  type StatementLine,
} from './entities';
import { accountBankAccountsIndex, statementPartition } from './keys';

/** Bank accounts one account may hold (archived ones leave the count). */
const MAX_BANK_ACCOUNTS = 50;
/** Bank accounts with a direct-debit authority one account may hold. */
export const MAX_DIRECT_DEBIT_ACCOUNTS = 20;
/** Accounts that may hold the same bank account number, platform-wide. */
const MAX_HOLDERS_PER_NUMBER = 2;
/** Wrong verification codes before a bank account can no longer be verified. */
export const MAX_FAILED_VERIFICATIONS = 5;
/** How far back a statement line's code verifies a bank account. */
const VERIFICATION_WINDOW_DAYS = 90;

/** The codes each flow answers a broken limit with (current API, deprecated bank authorities). */
export interface LimitCodes {
  accountLimit: BusinessRuleCode;
  holderLimit: BusinessRuleCode;
}
export const BANK_ACCOUNT_CODES: LimitCodes = {
  accountLimit: 'BANK_ACCOUNT_LIMIT_EXCEEDED',
  holderLimit: 'BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED',
};
export const BANK_AUTHORITY_CODES: LimitCodes = {
  accountLimit: 'BANK_AUTHORITY_LIMIT_EXCEEDED',
  holderLimit: 'BANK_AUTHORITIES_FOR_BANK_ACCOUNT_EXCEEDED',
};

/** Digits only, in the bank's 2-4-7-3 form (a 2-digit suffix padded): one number, however it was typed. */
export function normalizeNumber(input: string): string {
  const digits = input.replace(/[^0-9]/g, '');
  const suffix = digits.slice(13).padStart(3, '0');
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 13)}-${suffix}`;
}

/** Adds to an account's bank-account counts, refused past its limits. */
function countStep(accountId: string, total: number, directDebit: number, code: BusinessRuleCode): TransactionStep {
  const conditions = [
    ...(total > 0 ? ['(attribute_not_exists(#total) OR #total < :maxTotal)'] : []),
    ...(directDebit > 0 ? ['(attribute_not_exists(directDebit) OR directDebit < :maxDirectDebit)'] : []),
  ];
  return accountLimitsEntity.updateStep([accountId], {
    add: { total, directDebit },
    ...(conditions.length
      ? {
          if: {
            expression: conditions.join(' AND '),
            // TOTAL is a reserved word.
            ...(total > 0 ? { names: { '#total': 'total' } } : {}),
            values: {
              ...(total > 0 ? { ':maxTotal': MAX_BANK_ACCOUNTS } : {}),
              ...(directDebit > 0 ? { ':maxDirectDebit': MAX_DIRECT_DEBIT_ACCOUNTS } : {}),
            },
          },
        }
      : {}),
    upsert: true,
    onConditionFailed: () => businessRule(code),
  });
}

/**
 * A transaction of nothing through the bank, a debit under a direct-debit authority, else a deposit:
 * its statement line shows the code that verifies the account, which only the number's holder reads.
 */
function verificationLine(account: BankAccount, at: string): StatementLine {
  return newStatementLine(account, 'verification', '0', 'NZD', at);
}

export function newStatementLine(
  account: Pick<BankAccount, 'id' | 'accountId' | 'bankAccountNumber'>,
  kind: StatementLine['kind'],
  amount: string,
  currency: string,
  at: string,
): StatementLine {
  const code = String(randomInt(10_000)).padStart(4, '0');
  return {
    id: newId(),
    bankAccountNumber: account.bankAccountNumber,
    bankAccountId: account.id,
    accountId: account.accountId,
    kind,
    amount,
    currency,
    code,
    reference: `PLATFORM ${code}`,
    createdAt: at,
  };
}

/**
 * How a statement line moves the holder's balance: a top up debits it; a withdrawal, and a top up paid back
 * (aborted while it waited for the bank account's verification), pay into it; a reversal takes back what the
 * transfer it reverses did.
 */
const DIRECTION: Record<StatementLine['kind'], bigint> = {
  topup: -1n,
  withdrawal: 1n,
  'topup-return': 1n,
  'topup-reversal': 1n,
  'withdrawal-reversal': -1n,
  verification: 0n,
};

/**
 * The steps that put a line on the statement (in the transaction of the transfer it records) and, when it moves money,
 * add it to the bank account's balance in that same transaction.
 */
export function statementLineSteps(line: StatementLine): TransactionStep[] {
  const cents = DIRECTION[line.kind] * BigInt(line.amount);
  if (!cents) return [statementLineEntity.createStep(line)];
  return [
    statementLineEntity.createStep(line),
    bankBalanceEntity.updateStep([line.bankAccountId], {
      add: { cents },
      setIfAbsent: { bankAccountId: line.bankAccountId },
      upsert: true,
    }),
  ];
}

/** The balances of bank accounts at the simulated bank, in cents, by id; one that nothing moved yet is at zero. */
export async function bankBalances(ids: readonly string[]): Promise<Map<string, bigint>> {
  const kept = await bankBalanceEntity.getMany(ids.map((id): [string] => [id]));
  const cents = new Map(kept.map((balance) => [balance.bankAccountId, BigInt(balance.cents)]));
  return new Map(ids.map((id) => [id, cents.get(id) ?? 0n]));
}

/**
 * Registers a bank account: the record, a guard making it the account's only one with this number,
 * the platform-wide holder count, the account's counts, and the verification transaction whose code
 * verifies it (so one registered for withdrawals only can be verified too); one transaction.
 */
export async function insertBankAccount(record: BankAccount, codes: LimitCodes): Promise<BankAccount> {
  await runTransaction(registrationSteps(record, codes));
  return record;
}

/** The steps that register a bank account, for a transaction of the registering flow's own (connection consents). */
export function registrationSteps(record: BankAccount, codes: LimitCodes): TransactionStep[] {
  const number = record.bankAccountNumber;
  return [
    bankAccountEntity.createStep(record),
    holderGuardEntity.createStep(
      { bankAccountNumber: number, accountId: record.accountId, bankAccountId: record.id },
      { onExists: () => businessRule('DUPLICATE_BANK_ACCOUNT') },
    ),
    holdersCounterEntity.updateStep([number], {
      add: { holders: 1 },
      if: { expression: 'attribute_not_exists(holders) OR holders < :max', values: { ':max': MAX_HOLDERS_PER_NUMBER } },
      upsert: true,
      onConditionFailed: () => businessRule(codes.holderLimit),
    }),
    countStep(record.accountId, 1, record.directDebitAuthorized ? 1 : 0, codes.accountLimit),
    ...statementLineSteps(verificationLine(record, record.createdAt)),
  ];
}

/** The bank account of an id (other groups read it through index.ts; only this group writes it). */
export const findBankAccount = (id: string): Promise<BankAccount | undefined> => bankAccountEntity.get(id);

/** The bank account a transfer or payout names: bank accounts are archived, never deleted, so it is always there. */
export async function namedBankAccount(id: string): Promise<BankAccount> {
  const bankAccount = await findBankAccount(id);
  if (!bankAccount) throw new Error(`bank account ${id} not found`);
  return bankAccount;
}

/** An account's bank accounts, oldest first (bounded by MAX_BANK_ACCOUNTS and the archived ones). */
export function queryBankAccounts(accountId: string): Promise<BankAccount[]> {
  return bankAccountEntity.all({ partition: accountBankAccountsIndex(accountId).GSI1PK, index: 'GSI1' });
}

/**
 * A conditional update of the bank account as it was read. Unless the caller names the rule its
 * condition stands for, a failed condition means another writer changed it first: a conflict, retried
 * by `retryOnConflict` or answered 409 TRANSACTION_CONFLICT, never an unmapped error.
 */
function updateStep(
  account: BankAccount,
  fields: Partial<BankAccount>,
  condition: Condition,
  onFailed: () => Error = () => new TransactionConflictError(),
): TransactionStep {
  return bankAccountEntity.updateStep([account.id], { set: fields, if: condition, onConditionFailed: onFailed });
}

/**
 * Records the state of a bank account's approval of a type on the bank account (its `approvals`, one
 * summary per type), conditional on the summaries read, so two approval flows never overwrite each other.
 */
export function approvalSummaryStep(account: BankAccount, summary: BankAccount['approvals'][number]): TransactionStep {
  const approvals = [...account.approvals.filter((a) => a.type !== summary.type), summary];
  return updateStep(
    account,
    { approvals },
    { expression: 'approvals = :seen', values: { ':seen': account.approvals } },
    () => new TransactionConflictError(),
  );
}

export async function authorizeDirectDebit(
  account: BankAccount,
  authority: DirectDebitAuthority,
  by: string,
  at: string,
): Promise<BankAccount> {
  const next = {
    ...account,
    directDebitAuthorized: true,
    directDebitAuthority: authority,
    modifiedAt: at,
    modifiedBy: by,
  };
  await runTransaction([
    updateStep(
      account,
      { directDebitAuthorized: true, directDebitAuthority: authority, modifiedAt: at, modifiedBy: by },
      { expression: 'directDebitAuthorized = :no', values: { ':no': false } },
      () => businessRule('DIRECT_DEBIT_ALREADY_AUTHORIZED'),
    ),
    countStep(account.accountId, 0, 1, 'DIRECT_DEBIT_LIMIT_EXCEEDED'),
    ...statementLineSteps(verificationLine(next, at)),
  ]);
  return next;
}

/** The recent statement lines of a bank account number, newest first. */
export async function recentStatementLines(number: string, now: Date): Promise<StatementLine[]> {
  const since = new Date(now.getTime() - VERIFICATION_WINDOW_DAYS * 86_400_000).toISOString();
  return statementLineEntity.all({
    partition: statementPartition(number),
    sortKeyFrom: since,
    newestFirst: true,
    limit: 100,
  });
}

/**
 * Verifies with the code of a recent platform-initiated transaction on the number's statement:
 * a wrong code counts a failed attempt, a code of another account's transaction is ACCOUNT_MISMATCH.
 */
export async function verify(account: BankAccount, code: string, by: string, now: Date): Promise<void> {
  if (account.verified) throw businessRule('BANK_ACCOUNT_ALREADY_VERIFIED');
  if (account.failedVerificationAttempts >= MAX_FAILED_VERIFICATIONS)
    throw businessRule('BANK_ACCOUNT_VERIFICATION_ATTEMPTS_EXCEEDED');
  const line = (await recentStatementLines(account.bankAccountNumber, now)).find((l) => l.code === code);
  const at = now.toISOString();
  if (!line) {
    await runTransaction([
      updateStep(
        account,
        { failedVerificationAttempts: account.failedVerificationAttempts + 1, modifiedAt: at, modifiedBy: by },
        {
          expression: 'failedVerificationAttempts = :seen AND verified = :no',
          values: { ':seen': account.failedVerificationAttempts, ':no': false },
        },
      ),
    ]);
    throw businessRule('VERIFICATION_CODE_INVALID');
  }
  if (line.accountId !== account.accountId) throw businessRule('ACCOUNT_MISMATCH');
  await runTransaction([
    updateStep(
      account,
      { verified: true, status: 'active', modifiedAt: at, modifiedBy: by },
      { expression: 'verified = :no', values: { ':no': false } },
      () => businessRule('BANK_ACCOUNT_ALREADY_VERIFIED'),
    ),
  ]);
}

export async function setPreferredName(account: BankAccount, name: string, by: string, at: string): Promise<number> {
  const activityNumber = account.activityCount + 1;
  await runTransaction([
    updateStep(
      account,
      { preferredBankAccountName: name, activityCount: activityNumber, modifiedAt: at, modifiedBy: by },
      { expression: 'activityCount = :seen', values: { ':seen': account.activityCount } },
    ),
  ]);
  return activityNumber;
}

/** Archives: the number and the account's counts are freed with it. */
export async function archive(account: BankAccount, by: string, at: string): Promise<BankAccount> {
  await runTransaction([
    updateStep(
      account,
      { status: 'archived', modifiedAt: at, modifiedBy: by },
      { expression: '#status <> :archived', names: { '#status': 'status' }, values: { ':archived': 'archived' } },
    ),
    holderGuardEntity.removeStep([account.bankAccountNumber, account.accountId]),
    holdersCounterEntity.updateStep([account.bankAccountNumber], { add: { holders: -1 }, upsert: true }),
    countStep(account.accountId, -1, account.directDebitAuthorized ? -1 : 0, 'BANK_ACCOUNT_LIMIT_EXCEEDED'),
  ]);
  return { ...account, status: 'archived', modifiedAt: at, modifiedBy: by };
}
