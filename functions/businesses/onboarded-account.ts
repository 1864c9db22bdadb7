import { accountCreation } from '../accounts';
import type { Account } from '../core/auth/account-directory';
import type { TransactionStep } from '../core/db/transaction';
import { merchantCreation, type Merchant, type NewMerchant } from '../merchants';
import { businessCreation, type NewBusiness } from './business-store';
import type { Business } from './entities';

/** Onboarded businesses are New Zealand companies, in NZ org accounts. */
export const ONBOARDING_REGION = 'NZ';

export interface OnboardedAccountInput {
  /** Given, so a repeated batch message writes the same items again. */
  ids: { account: string; business: string; merchants: readonly string[] };
  /** The onboarding account, which may act for the new one (none for the platform operator). */
  parentAccountId: string | undefined;
  test: boolean;
  accountName: string;
  business: Omit<NewBusiness, 'accountId' | 'accountName' | 'test'>;
  merchants: readonly Omit<NewMerchant, 'accountId' | 'test' | 'country'>[];
}

export interface OnboardedAccount {
  account: Account;
  business: Business;
  merchants: Merchant[];
  /** Every write, each conditional on its item being new (the business's claims too). */
  steps: TransactionStep[];
  /** The same writes bare, for a batch writing records no one else can hold. */
  items: Record<string, unknown>[];
}

/**
 * What onboarding a business makes, for both the onboarding request and the `business-onboard` batch: a new NZ org
 * account (the onboarding account's child, so its keys act for it), the business (`applied`) with its claims, and its
 * merchants (`applied`, in the account's region).
 */
export function onboardedAccount(input: OnboardedAccountInput, by: string, now: Date): OnboardedAccount {
  const created = accountCreation(
    {
      name: input.accountName,
      type: 'org',
      region: ONBOARDING_REGION,
      test: input.test,
      parentAccountId: input.parentAccountId,
    },
    by,
    now,
    input.ids.account,
  );
  const { account } = created;
  const business = businessCreation(
    { ...input.business, accountId: account.id, accountName: account.name, test: input.test },
    by,
    now,
    input.ids.business,
  );
  const merchants = input.merchants.map((merchant, i) =>
    merchantCreation(
      { ...merchant, accountId: account.id, country: ONBOARDING_REGION, test: input.test },
      by,
      now,
      input.ids.merchants[i],
    ),
  );
  return {
    account,
    business: business.business,
    merchants: merchants.map((m) => m.merchant),
    steps: [...created.steps, ...business.steps, ...merchants.map(({ put }) => ({ item: { Put: put } }))],
    items: [...created.items, ...business.items, ...merchants.map(({ put }) => put.Item)],
  };
}
