import type { FromSchema } from 'json-schema-to-ts';
import { merchantConfig } from './schemas';
import { defineEntity } from '../core/db/entity';

/**
 * The merchant-configs group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - merchant config: PK MC#<id>, SK MC
 *   GSI1 MERCHANTCONFIGS#<merchantId>, <createdAt>#<id>
 *   GSI2 SETTLINGCONFIGS, <merchantId>#<id> (only configs naming a wallet: the settlement wallets)
 *   serves: get config; configs of a merchant; the settlement wallets the settlement run visits
 *
 * Options name token collections, which the tokens group owns; they are read through its public face.
 */

export type MerchantConfig = FromSchema<typeof merchantConfig>;

/** Stored form: adds what payment requests need without another read. */
export type StoredMerchantConfig = MerchantConfig & { merchantAccountId: string; test: boolean; version: number };

const merchantConfigKey = (id: string) => ({ PK: `MC#${id}`, SK: 'MC' });
/** The index partition of a merchant's configs (GSI1). */
export const merchantConfigsPartition = (merchantId: string) => `MERCHANTCONFIGS#${merchantId}`;

/** The index partition of every config naming a settlement wallet (GSI2). */
export const SETTLING_CONFIGS_PARTITION = 'SETTLINGCONFIGS';

export const merchantConfigEntity = defineEntity<StoredMerchantConfig, [id: string]>({
  type: 'merchant-config',
  version: 1,
  key: merchantConfigKey,
  keyOf: (c) => merchantConfigKey(c.id),
  indexes: (c) => ({
    GSI1PK: merchantConfigsPartition(c.merchantId),
    GSI1SK: `${c.createdAt}#${c.id}`,
    ...(c.paymentOptions.some((o) => o.walletId)
      ? { GSI2PK: SETTLING_CONFIGS_PARTITION, GSI2SK: `${c.merchantId}#${c.id}` }
      : {}),
  }),
  required: [...merchantConfig.required, 'merchantAccountId', 'test', 'version'],
});
