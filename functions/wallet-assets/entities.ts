import type { FromSchema } from 'json-schema-to-ts';
import { accountKey } from '../accounts';
import { defineEntity } from '../core/db/entity';
import { assetBaseEntity, type StoredNumber } from '../core/ledger/entities';
import { walletAsset } from './schemas';

/**
 * The wallet-assets group's entities: each owns its keys and index keys, stamps what it writes with
 * its type and schema version and parses what is read back (core/db/entity.ts). A wallet's balance
 * items (its base item's balance attributes, a settlement wallet's shards) are the ledger's
 * (core/ledger/entities.ts); the base item's key, type and version are the engine's, its record is
 * this group's. Nothing else builds these keys.
 *
 * - wallet asset: PK ASSET#<id>, SK ASSET
 *   GSI3 (keys only) ACCOUNTASSETS#<accountId>, <createdAt>#<id>; version 1 carries it on GSI1 (all attributes)
 *   serves: get asset; wallet assets of an account (keys from the index, the items from the table)
 * - wallet counter: PK ACCOUNT#<accountId>, SK WALLETCOUNT#<ledger type>
 *   serves: wallets per account and ledger (a limit kept under concurrent creates)
 */

export type WalletAsset = FromSchema<typeof walletAsset>;

/** Balances the response computes from the wallet's balance items. */
type Computed = 'balance' | 'availableBalance';

/**
 * The stored base item: the public fields but the computed balances, plus its balance attributes as the engine keeps
 * them.
 */
export type StoredWalletAsset = Omit<WalletAsset, Computed> & {
  balance: StoredNumber;
  pending: StoredNumber;
  available: StoredNumber;
  /** A settlement wallet's number of shards (its balance lives on them). */
  shards?: StoredNumber;
};

/**
 * The partition of an account's wallets, in order of creation (`<createdAt>#<id>`): on GSI3, keys only, so the
 * engine's balance updates, which leave the keys as they are, rewrite no index entry; wallets of version 1 are still
 * on GSI1 under the same name.
 */
export const accountAssetsPartition = (accountId: string) => `ACCOUNTASSETS#${accountId}`;

export const walletAssetEntity = assetBaseEntity<StoredWalletAsset>({
  indexes: (a) => ({ GSI3PK: accountAssetsPartition(a.accountId), GSI3SK: `${a.createdAt}#${a.id}` }),
  required: [
    ...walletAsset.required.filter(
      (field): field is Exclude<typeof field, 'availableBalance'> => field !== 'availableBalance',
    ),
    'pending',
    'available',
  ],
});

/**
 * Whether an asset's base item is a wallet's: other owners (tokens) keep their assets' base items under the same
 * entity.
 */
export const isWalletItem = (item: Record<string, unknown>) => item.category === 'money';

/** How many wallets an account holds on one ledger; updated (never put) with every create. */
export interface WalletCounter {
  accountId: string;
  ledgerType: string;
  walletCount: number;
}

const walletCounterKey = (accountId: string, ledgerType: string) => ({
  PK: accountKey(accountId).PK,
  SK: `WALLETCOUNT#${ledgerType}`,
});

export const walletCounterEntity = defineEntity<WalletCounter, [accountId: string, ledgerType: string]>({
  type: 'wallet-counter',
  version: 1,
  key: walletCounterKey,
  keyOf: (c) => walletCounterKey(c.accountId, c.ledgerType),
  required: ['accountId', 'ledgerType', 'walletCount'],
});
