import { findBankAccount } from '../bank-accounts';
import type { Account } from '../core/auth/account-directory';
import { config } from '../core/config';
import { badRequest, businessRule } from '../core/errors/classes';
import { checkStatusReason } from '../core/validation/status-reason';
import type { Merchant } from './merchant-store';

type Status = Merchant['onboardingStatus'];

/** Reasons a merchant may give per onboarding status; statuses not listed take none. */
function allowedReasons(status: Status): string[] {
  switch (status) {
    case 'deactivated':
      return [
        'duplicate',
        'data-quality-issues',
        'no-response',
        'change-of-ownership',
        `${config().assetPrefix}-discontinued`,
      ];
    case 'on-hold':
      return ['seasonal-business-closure', 'incompatible-terminal', 'no-response'];
    default:
      return [];
  }
}

export function checkOnboardingReason(status: Status, reason: string | undefined): void {
  checkStatusReason(status, reason, allowedReasons(status));
}

/** Rules a merchant's fields must meet against its account, on create and update. */
export async function checkMerchantFields(
  fields: Partial<Pick<Merchant, 'test' | 'country' | 'type' | 'location' | 'settlementConfig'>>,
  account: Account,
): Promise<void> {
  if (fields.test !== undefined && fields.test !== (account.test === true)) throw businessRule('LIVENESS_MISMATCH');
  if (fields.country !== undefined && fields.country !== account.region) throw businessRule('ACCOUNT_REGION_MISMATCH');
  if (fields.type === 'e-commerce' && fields.location)
    throw badRequest('location is not allowed for e-commerce merchants');
  // Settlements go to a bank account of the merchant's own account.
  const bankAccountId = fields.settlementConfig?.bankAccountId;
  if (bankAccountId !== undefined && (await findBankAccount(bankAccountId))?.accountId !== account.id)
    throw businessRule('BANK_ACCOUNT_MISMATCH');
}
