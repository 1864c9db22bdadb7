import type { FromSchema } from 'json-schema-to-ts';
import { merchant, merchantActivity } from './schemas';
import { defineEntity } from '../core/db/entity';

/**
 * The merchants group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - merchant: PK MERCHANT#<id>, SK MERCHANT
 *   GSI1 ACCOUNTMERCHANTS#<accountId>, <createdAt>#<id>
 *   GSI2 MERCHANTSEARCH#<test|live>, <lower name>#<id>
 *   serves: get; merchants of an account, newest first; search by name prefix
 * - merchant activity: PK MERCHANT#<id>, SK ACTIVITY#<seq 15 digits>
 *   serves: onboarding status history
 */

export type Merchant = FromSchema<typeof merchant>;

/** Stored form: counters and search attributes beside the public fields. */
export type StoredMerchant = Merchant & { version: number; activityCount: number; acceptedAssetTypes?: string[] };

const merchantKey = (id: string) => ({ PK: `MERCHANT#${id}`, SK: 'MERCHANT' });
/** The index partition of an account's merchants (GSI1), newest first. */
export const accountMerchantsPartition = (accountId: string) => `ACCOUNTMERCHANTS#${accountId}`;
/** The index partition merchant search reads (GSI2), one per liveness. */
export const merchantSearchPartition = (test: boolean) => `MERCHANTSEARCH#${test ? 'test' : 'live'}`;

export const merchantEntity = defineEntity<StoredMerchant, [id: string]>({
  type: 'merchant',
  version: 1,
  key: merchantKey,
  keyOf: (m) => merchantKey(m.id),
  indexes: (m) => ({
    GSI1PK: accountMerchantsPartition(m.accountId),
    GSI1SK: `${m.createdAt}#${m.id}`,
    GSI2PK: merchantSearchPartition(m.test),
    GSI2SK: `${m.name.toLowerCase()}#${m.id}`,
  }),
  required: [...merchant.required, 'version', 'activityCount'],
});

export type MerchantActivity = FromSchema<typeof merchantActivity>;

const merchantActivityKey = (merchantId: string, activityNumber: number) => ({
  PK: `MERCHANT#${merchantId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});

export const merchantActivityEntity = defineEntity<MerchantActivity, [merchantId: string, activityNumber: number]>({
  type: 'merchant-activity',
  version: 1,
  key: merchantActivityKey,
  keyOf: (a) => merchantActivityKey(a.merchantId, Number(a.activityNumber)),
  required: merchantActivity.required,
});
