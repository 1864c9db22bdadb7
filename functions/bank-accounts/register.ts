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
  const at = isoTimestamp(now);
  const test = account.test === true || input.test === true;
  return insertBankAccount(
    {
      id: newId(),
      accountId: account.id,
      bankAccountNumber: normalizeNumber(input.bankAccountNumber),
      bankAccountName: input.bankAccountName,
      type: input.type ?? 'centrapay',
      status: 'created',
      verified: false,
      directDebitAuthorized: input.directDebitAuthority !== undefined,
      ...(input.directDebitAuthority ? { directDebitAuthority: input.directDebitAuthority } : {}),
      approvals: [],
      bankRegion: 'nz',
      ...(test ? { test: true } : {}),
      failedVerificationAttempts: 0,
      activityCount: 0,
      createdAt: at,
      createdBy: auth.principal.crn,
      modifiedAt: at,
      modifiedBy: auth.principal.crn,
    },
    codes,
  );
}
