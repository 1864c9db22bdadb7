import { isoTimestamp } from '../core/clock';
import type { AuthedRequest } from '../core/http/operation';
import { newId } from '../core/ids';
import { insertBankAccount, normalizeNumber, type LimitCodes } from './bank-account-store';
import type { BankAccount, BankAccountType, DirectDebitAuthority } from './entities';

export interface Registration {
  accountId: string;
  bankAccountNumber: string;
  bankAccountName: string;
  type?: BankAccountType;
  test?: boolean;
  directDebitAuthority?: DirectDebitAuthority;
}

/**
 * Registers a bank account for both APIs, from allow-listed fields only. A test account's bank
 * accounts are test ones; a live account may register a test one.
 */
export async function register(request: AuthedRequest, input: Registration, codes: LimitCodes): Promise<BankAccount> {
  const { auth, now } = request;
  const account = await auth.access.account(input.accountId);
  const test = account.test === true || input.test === true;
  return insertBankAccount(
    bankAccountRecord({ ...input, accountId: account.id, test }, auth.principal.crn, isoTimestamp(now)),
    codes,
  );
}

/** A new bank account's record: `created`, unverified, with no approvals yet unless given. */
export function bankAccountRecord(
  input: Registration & { approvals?: BankAccount['approvals'] },
  by: string,
  at: string,
): BankAccount {
  return {
    id: newId(),
    accountId: input.accountId,
    bankAccountNumber: normalizeNumber(input.bankAccountNumber),
    bankAccountName: input.bankAccountName,
    type: input.type ?? 'centrapay',
    status: 'created',
    verified: false,
    directDebitAuthorized: input.directDebitAuthority !== undefined,
    ...(input.directDebitAuthority ? { directDebitAuthority: input.directDebitAuthority } : {}),
    approvals: input.approvals ?? [],
    bankRegion: 'nz',
    ...(input.test ? { test: true } : {}),
    failedVerificationAttempts: 0,
    activityCount: 0,
    createdAt: at,
    createdBy: by,
    modifiedAt: at,
    modifiedBy: by,
  };
}
