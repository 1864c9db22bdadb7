import type { NumberValue } from '@aws-sdk/util-dynamodb';
import { defineEntity, type Entity, type EntityDefinition, type TableKey } from '../db/entity';

/**
 * The ledger's stored items (core/db/keys.ts lists them with every other core entity): an asset's
 * base item, whose key, type and version the engine owns and whose record the asset's owner
 * defines; asset shards; pending transfers; ledger entries. Each definition builds its keys,
 * stamps what it writes and parses what is read back (core/db/entity.ts).
 *
 * Balance attributes (`balance`, `pending`, `available`, a shard's number) are DynamoDB Numbers:
 * written as JS numbers (zero) or NumberValue, read back as NumberValue through the ledger client
 * (ledger-db.ts), never as JS floats.
 */

/** Why money moved; written on both ledger entries. */
export type TransferKind =
  | 'test-topup'
  | 'payment'
  | 'refund'
  | 'void-refund'
  /** a token issued from its collection, spent at a merchant, given back by a refund */
  | 'token-issue'
  | 'token-redemption'
  | 'token-return'
  /** value sent by an asset transfer: held pending from creation, posted to each claim */
  | 'asset-transfer'
  /**
   * money a bank paid in (a top up), and money paid out to a bank account (a withdrawal: held pending until the bank
   * settles)
   */
  | 'topup'
  | 'withdrawal'
  /**
   * a merchant's settlement: its settlement wallet paid out to the payouts in transit, then on to the bank; or given
   * back to the wallet when the bank returns the payout
   */
  | 'settlement'
  | 'settlement-return'
  /** a loyalty promotion's money reward, from the program owner's wallet to the member's */
  | 'promotion-reward';

/**
 * How an asset keeps its balance. `single`: one item, debits checked against it. `sharded`: hot
 * assets that many payers credit (settlement wallets): credits land on one of `shards` items
 * chosen at random, so concurrent credits rarely touch the same item; the balance is their sum.
 * `system`: the platform's own issuance assets, sharded, allowed to go negative, made on first use.
 */
export type AssetSide =
  | { assetId: string; mode: 'single' }
  | { assetId: string; mode: 'sharded'; shards: number }
  | { assetId: string; mode: 'system' };

/** A Number attribute as written (a JS number or NumberValue) or read through the ledger client (NumberValue). */
export type StoredNumber = number | NumberValue;

/** What the engine keeps and checks on every balance item: an asset's base item and its shards. */
export interface BalanceAttributes {
  status: string;
  currency: string;
  liveness?: string;
  balance: StoredNumber;
  pending?: StoredNumber;
  available?: StoredNumber;
}

const assetPartition = (assetId: string) => `ASSET#${assetId}`;
const assetBaseKey = (assetId: string): TableKey => ({ PK: assetPartition(assetId), SK: 'ASSET' });

/**
 * The base item's type and version: one for every reader of it (the engine and the asset's owner). Version 2 moved a
 * wallet's entry in its account's listing from GSI1 to GSI3 (keys only), so a balance change rewrites no index entry;
 * the records of both versions are the same (a token's base item did not change at all), so version 1 reads as it is.
 */
const ASSET_BASE = { type: 'asset', version: 2 } as const;

/**
 * An asset's base item, without the writes that replace an item whole: the item holds what the engine adds to it
 * beside the record (its balance; on a wallet, its account's spend counter: quotas.ts), which a Put of the record
 * would erase. It is created, then only updated.
 */
export type AssetBaseEntity<T extends { id: string }> = Omit<
  Entity<T, [assetId: string]>,
  'put' | 'putStep' | 'replace' | 'replaceStep'
>;

/**
 * The base item of an asset (`ASSET#<id>` / `ASSET`). The engine owns its key, type and version
 * (it addresses the item for single-item balances); the asset's owner (wallet-assets) defines its
 * record, index keys and upgrades with this. Each reader parses the item for the fields it needs.
 */
export function assetBaseEntity<T extends { id: string }>(
  record: Pick<EntityDefinition<T, [assetId: string]>, 'required' | 'indexes' | 'upgrade'>,
): AssetBaseEntity<T> {
  return defineEntity<T, [assetId: string]>({
    ...ASSET_BASE,
    key: assetBaseKey,
    keyOf: (asset) => assetBaseKey(asset.id),
    // Only index keys differ between versions, and a parse drops index keys.
    upgrade: (item) => item,
    ...record,
  });
}

/** The engine's reading of an asset's base item: the balance attributes its conditions check. */
export const assetBalance = assetBaseEntity<BalanceAttributes & { id: string }>({
  required: ['id', 'status', 'currency', 'balance'],
});

/** A balance item of a hot or system asset, in the asset's partition. */
export interface AssetShard extends BalanceAttributes {
  assetId: string;
  shard: StoredNumber;
}

const assetShardKey = (assetId: string, shard: number): TableKey => ({
  PK: assetPartition(assetId),
  SK: `SHARD#${shard}`,
});

export const assetShard = defineEntity<AssetShard, [assetId: string, shard: number]>({
  type: 'asset-shard',
  version: 1,
  key: assetShardKey,
  keyOf: (s) => assetShardKey(s.assetId, Number(s.shard)),
  required: ['assetId', 'shard', 'status', 'currency', 'balance'],
});

/** Every balance item of an asset: one Query over its partition (base item, then shards). */
export const balanceItemsOf = (assetId: string) => ({ PK: assetPartition(assetId), shardPrefix: 'SHARD#' });

/** A pending transfer as stored: what is still reserved, and where it goes when posted. */
export interface PendingTransfer {
  id: string;
  status: 'pending' | 'posted' | 'voided';
  kind: TransferKind;
  debit: AssetSide;
  credit: AssetSide;
  amount: string;
  remaining: string;
  currency: string;
  liveness?: 'main' | 'test';
  refs?: Record<string, string>;
  createdAt: string;
  /** When it was last posted from or voided. */
  updatedAt?: string;
}

const pendingTransferKey = (transferId: string): TableKey => ({ PK: `TRANSFER#${transferId}`, SK: 'TRANSFER' });

export const pendingTransferEntity = defineEntity<PendingTransfer, [transferId: string]>({
  type: 'pending-transfer',
  version: 1,
  key: pendingTransferKey,
  keyOf: (t) => pendingTransferKey(t.id),
  required: ['id', 'status', 'kind', 'debit', 'credit', 'amount', 'remaining', 'currency', 'createdAt'],
});

/**
 * One side of a posted movement as a reader of an asset's history sees it (functions/core/ledger/history.ts): the
 * transfer's references (payment request, refund, top-up ids) ride along. Version 1 stored each side as its own item;
 * version 2 stores one transfer record carrying both sides.
 */
export type LedgerEntry = {
  txnId: string;
  side: 'D' | 'C';
  kind: TransferKind;
  assetId: string;
  otherAssetId: string;
  amount: string;
  currency: string;
  createdAt: string;
} & { [ref: string]: string | undefined };

const ledgerPartition = (txnId: string) => `LEDGER#${txnId}`;
const ledgerEntryKey = (txnId: string, side: 'D' | 'C'): TableKey => ({
  PK: ledgerPartition(txnId),
  SK: `ENTRY#${side}`,
});

/** An asset's history partition on an index (GSI1, and GSI2 for the credits of version 2 records). */
export const assetHistoryPartition = (assetId: string) => `ASSETTXN#${assetId}`;
/** The sort key of a movement in its asset's history: both indexes order by it, so merged they are in time order. */
const historySortKey = (createdAt: string, txnId: string) => `${createdAt}#${txnId}`;

/**
 * Version 1: one item per side (`ENTRY#D`, `ENTRY#C`), each on GSI1 of its own asset. No longer written; read where
 * stored, in the same listings as version 2 records.
 */
export const legacyLedgerEntry = defineEntity<LedgerEntry, [txnId: string, side: 'D' | 'C']>({
  type: 'ledger-entry',
  version: 1,
  key: ledgerEntryKey,
  keyOf: (e) => ledgerEntryKey(e.txnId, e.side),
  indexes: (e) => ({
    GSI1PK: assetHistoryPartition(e.assetId),
    GSI1SK: historySortKey(e.createdAt, e.txnId),
  }),
  required: ['txnId', 'side', 'kind', 'assetId', 'otherAssetId', 'amount', 'currency', 'createdAt'],
});

/**
 * What a keyed command (core/idempotency.ts) keeps on the transfer it posted, in place of an idempotency record of
 * its own: the hash of the command and the key of the immutable item holding its response.
 */
const RECEIPT_FIELDS = ['requestHash', 'responsePK', 'responseSK'] as const;
export type TransferReceipt = Record<(typeof RECEIPT_FIELDS)[number], string>;

/** What every posted transfer record holds: its sides and figures. */
const POSTED_TRANSFER_FIELDS = [
  'txnId',
  'kind',
  'debitAssetId',
  'creditAssetId',
  'amount',
  'currency',
  'createdAt',
] as const;

/** A posted transfer, immutable: both sides in one record, the transfer's references beside them. */
export type PostedTransferRecord = Record<(typeof POSTED_TRANSFER_FIELDS)[number], string> & {
  kind: TransferKind;
} & Partial<TransferReceipt> & { [ref: string]: string | undefined };

/** A posted transfer record's own fields, the receipt's among them: any other string field is a reference. */
export const TRANSFER_RECORD_FIELDS: ReadonlySet<string> = new Set([...POSTED_TRANSFER_FIELDS, ...RECEIPT_FIELDS]);

const postedTransferKey = (txnId: string): TableKey => ({ PK: ledgerPartition(txnId), SK: 'TRANSFER' });

/**
 * Version 2 of the ledger's record: one item per posted transfer, keyed by its id (a repeated id fails its
 * `attribute_not_exists` condition), on GSI1 of the debited asset's history and GSI2 of the credited asset's.
 */
export const postedTransferEntity = defineEntity<PostedTransferRecord, [txnId: string]>({
  type: 'ledger-entry',
  version: 2,
  key: postedTransferKey,
  keyOf: (t) => postedTransferKey(t.txnId),
  indexes: (t) => ({
    GSI1PK: assetHistoryPartition(t.debitAssetId),
    GSI1SK: historySortKey(t.createdAt, t.txnId),
    GSI2PK: assetHistoryPartition(t.creditAssetId),
    GSI2SK: historySortKey(t.createdAt, t.txnId),
  }),
  required: POSTED_TRANSFER_FIELDS,
});
