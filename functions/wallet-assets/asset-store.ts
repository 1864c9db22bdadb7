import { walletAsset } from './schemas';
import { parseMoneyAssetType } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { publicView } from '../core/db/entity';
import { newestBefore, queryAll } from '../core/db/pagination';
import { runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';
import { ledgerDb } from '../core/ledger/ledger-db';
import { assetShard } from '../core/ledger/entities';
import { HOT_ASSET_SHARDS, readBalanceItems, totals, ZERO_BALANCE, type AssetSide } from '../core/ledger/transfers';
import { formatAmount } from '../core/money';
import {
  accountAssetsIndex,
  isWalletItem,
  walletAssetEntity,
  walletCounterEntity,
  type StoredWalletAsset,
  type WalletAsset,
} from './entities';

export type { WalletAsset } from './entities';

/** Per account and ledger; settlement wallets count too (one per merchant config at most). */
export const MAX_WALLETS_PER_LEDGER = 50;

export interface NewWalletAsset {
  accountId: string;
  accountTest: boolean;
  ledgerId: string;
  settlement: boolean;
}

/**
 * Creates a money wallet asset with a zero balance. The per-ledger wallet count lives on a
 * counter item updated in the same transaction, so concurrent creates cannot pass the limit.
 */
export async function insertWalletAsset(input: NewWalletAsset, createdBy: string, now: Date): Promise<WalletAsset> {
  const ledger = parseMoneyAssetType(input.ledgerId);
  if (!ledger) throw badRequest(`ledgerId must be a money ledger such as ${config().assetPrefix}.nzd.test`);
  if (input.accountTest && ledger.liveness !== 'test') throw businessRule('LIVENESS_MISMATCH');
  const at = isoTimestamp(now);
  const asset: StoredWalletAsset = {
    id: newId(),
    accountId: input.accountId,
    category: 'money' as const,
    type: ledger.type,
    ledgerId: ledger.type,
    liveness: ledger.liveness,
    description: ledger.currency,
    currency: ledger.currency,
    settlement: input.settlement,
    status: 'active' as const,
    createdAt: at,
    createdBy,
    ...ZERO_BALANCE,
    ...(input.settlement ? { shards: HOT_ASSET_SHARDS } : {}),
  };
  // A settlement wallet is credited by every payment to its merchant: its balance lives on shards.
  const shards = input.settlement
    ? Array.from({ length: HOT_ASSET_SHARDS }, (_, shard) =>
        assetShard.createStep({
          assetId: asset.id,
          shard,
          status: asset.status,
          currency: asset.currency,
          liveness: asset.liveness,
          ...ZERO_BALANCE,
        }),
      )
    : [];
  await runTransaction([
    // Made by the first create (upsert), counted by every one.
    walletCounterEntity.updateStep([input.accountId, ledger.type], {
      add: { walletCount: 1 },
      set: { accountId: input.accountId, ledgerType: ledger.type },
      upsert: true,
      if: {
        expression: 'attribute_not_exists(walletCount) OR walletCount < :max',
        values: { ':max': MAX_WALLETS_PER_LEDGER },
      },
      onConditionFailed: () => businessRule('ACCOUNT_MAX_WALLETS_REACHED'),
    }),
    walletAssetEntity.createStep(asset),
    ...shards,
  ]);
  // A new wallet holds nothing yet.
  return present(asset, []);
}

export async function findWalletAsset(assetId: string): Promise<WalletAsset | undefined> {
  const { base, items } = await readBalanceItems(assetId);
  return base && isWalletItem(base) ? present(walletAssetEntity.parse(base), items) : undefined;
}

/** A wallet by id as the engine reaches it, when only its id and kind are known. */
export const settlementSide = (assetId: string, settlement = true): AssetSide =>
  settlement ? { assetId, mode: 'sharded', shards: HOT_ASSET_SHARDS } : { assetId, mode: 'single' };

/** Wallet assets of an account, oldest first; bounded by MAX_WALLETS_PER_LEDGER per ledger. */
export async function queryWalletAssets(accountId: string): Promise<WalletAsset[]> {
  const items = await queryAll(
    {
      TableName: config().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': accountAssetsIndex(accountId).GSI1PK },
    },
    ledgerDb(),
  );
  const wallets = items.filter(isWalletItem).map((item) => walletAssetEntity.parse(item));
  // Index reads lag and shards are not in the index: each wallet's balance items are read from the table.
  return Promise.all(wallets.map(async (wallet) => present(wallet, (await readBalanceItems(wallet.id)).items)));
}

/**
 * Up to `limit` unarchived wallets of an account created before the sort key `before`, newest first; each presented
 * (its balance items read) only when `view` is called, so a caller reading one extra to know whether more exist
 * reads no balances for it.
 */
export async function accountWalletsBefore(accountId: string, before: string | undefined, limit: number) {
  const items = await newestBefore(
    {
      partition: accountAssetsIndex(accountId).GSI1PK,
      before,
      limit,
      filter: {
        expression: '#status <> :archived AND category = :money',
        names: { '#status': 'status' },
        values: { ':archived': 'archived', ':money': 'money' },
      },
    },
    ledgerDb(),
  );
  return items.map((item) => {
    const wallet = walletAssetEntity.parse(item);
    return {
      sortKey: item.GSI1SK as string,
      view: async () => present(wallet, (await readBalanceItems(wallet.id)).items),
    };
  });
}

/**
 * The public view of a wallet: what the WalletAsset response schema declares, its balances summed over its balance
 * items.
 */
function present(wallet: StoredWalletAsset, balanceItems: Parameters<typeof totals>[0]): WalletAsset {
  const sums = totals(balanceItems);
  return publicView<WalletAsset>(walletAsset, {
    ...wallet,
    balance: formatAmount(sums.balance),
    availableBalance: formatAmount(sums.available),
  });
}
