import { merchant as merchantSchema } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { accountMerchantsPartition, merchantEntity, type Merchant, type StoredMerchant } from './entities';
import type { Page } from '../core/db/pagination';
import { newId } from '../core/ids';
import { madeBy } from '../core/audit';

export type { Merchant, StoredMerchant } from './entities';

export type NewMerchant = Pick<
  Merchant,
  'accountId' | 'name' | 'country' | 'test' | 'type' | 'settlementConfig' | 'location' | 'categoryCode'
>;

export async function insertMerchant(input: NewMerchant, createdBy: string, now: Date): Promise<Merchant> {
  return present(await merchantEntity.create(newMerchant(input, createdBy, now, newId())));
}

/**
 * The write that creates a merchant (`applied`, conditional on its id being new), for a caller that
 * creates it in one transaction with records of its own (batch onboarding), and the merchant as it
 * will read. `id` is given where a repeated message must find the same merchant again.
 */
export function merchantCreation(input: NewMerchant, createdBy: string, now: Date, id = newId()) {
  const stored = newMerchant(input, createdBy, now, id);
  // The create step's Put (its condition with it), for a transaction of the caller's own.
  const put = { ...merchantEntity.createStep(stored).item.Put!, Item: merchantEntity.item(stored) };
  return { merchant: present(stored), put };
}

function newMerchant(input: NewMerchant, createdBy: string, now: Date, id: string): StoredMerchant {
  return {
    id,
    ...withoutUndefined(input),
    onboardingStatus: 'applied',
    ...madeBy(createdBy, isoTimestamp(now)),
    version: 1,
    activityCount: 0,
  };
}

export const findMerchant = (id: string): Promise<StoredMerchant | undefined> => merchantEntity.get(id);

/** Merchants of an account, newest first, a page at a time. */
export async function queryAccountMerchants(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Merchant>> {
  const found = await merchantEntity.page({ partition: accountMerchantsPartition(accountId), index: 'GSI1' }, page);
  return { ...found, items: found.items.map(present) };
}

/** Writes the whole merchant back, conditional on the version read (no lost updates). */
export const saveMerchant = (current: StoredMerchant, next: StoredMerchant): Promise<StoredMerchant> =>
  merchantEntity.replace(current, next);

/** Onboarding statuses the first successful payment request moves to `active`. */
const ACTIVATED_BY_FIRST_REQUEST: readonly Merchant['onboardingStatus'][] = ['applied', 'provisioning'];

/**
 * The first successful payment request makes a merchant active; later ones change nothing. A
 * merchant read in another status is not written at all (a refused conditional write is still billed).
 */
export async function activateMerchantOnFirstRequest(
  merchant: Pick<Merchant, 'id' | 'onboardingStatus'>,
  now: Date,
): Promise<void> {
  if (!ACTIVATED_BY_FIRST_REQUEST.includes(merchant.onboardingStatus)) return;
  try {
    await merchantEntity.update([merchant.id], {
      set: { onboardingStatus: 'active', updatedAt: isoTimestamp(now) },
      remove: ['onboardingStatusReason'],
      if: {
        expression: 'onboardingStatus IN (:applied, :provisioning)',
        values: { ':applied': ACTIVATED_BY_FIRST_REQUEST[0], ':provisioning': ACTIVATED_BY_FIRST_REQUEST[1] },
      },
      onConditionFailed: () => new AlreadyActivated(),
    });
  } catch (error) {
    if (!(error instanceof AlreadyActivated)) throw error;
  }
}

/** Another request activated the merchant first (or its status moved on): nothing to do. */
class AlreadyActivated extends Error {}

/** What payment option types a merchant accepts, kept on the merchant for search. */
export async function setAcceptedAssetTypes(merchantId: string, types: string[]): Promise<void> {
  await merchantEntity.update([merchantId], { set: { acceptedAssetTypes: types } });
}

/** The public view: the Merchant schema's fields only. */
export function present(stored: StoredMerchant): Merchant {
  return publicView<Merchant>(merchantSchema, stored);
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
