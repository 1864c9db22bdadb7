import { walletAsset } from './schemas';
import { parseMoneyAssetType } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { EXACT_READ } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { type IndexFilter, type IndexRange, mergeBySortKey, readIndex, readKeysOnlyIndex } from '../core/db/pagination';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';
import { ledgerDb } from '../core/ledger/ledger-db';
import { assetShard } from '../core/ledger/entities';
import { counterHolder, counterOffWallet, counterOnNewWallet } from '../core/ledger/quotas';
import {
  baseBalanceItems,
  HOT_ASSET_SHARDS,
  readBalanceItems,
  totals,
  ZERO_BALANCE,
  type AssetSide,
} from '../core/ledger/transfers';
import { formatAmount } from '../core/money';
import {
  accountAssetsPartition,
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
  await retryOnConflict(async () => {
    const counter = await spendCounterSteps(input, asset);
    await runTransaction([
      // Made by the first create (upsert), counted by every one.
      walletCounterEntity.updateStep([input.accountId, ledger.type], {
        add: { walletCount: 1 },
        set: { accountId: input.accountId, ledgerType: ledger.type },
        upsert: true,
        if: counter.first
          ? { expression: 'attribute_not_exists(walletCount)' }
          : {
              expression: 'attribute_not_exists(walletCount) OR walletCount < :max',
              values: { ':max': MAX_WALLETS_PER_LEDGER },
            },
        onConditionFailed: () =>
          counter.first ? new TransactionConflictError() : businessRule('ACCOUNT_MAX_WALLETS_REACHED'),
      }),
      walletAssetEntity.createStep(asset, { extra: counter.attributes }),
      ...shards,
      ...counter.steps,
    ]);
  });
  // A new wallet holds nothing yet.
  return present(asset, []);
}

/**
 * Where the new wallet leaves its account's spend counter of its type (core/ledger/quotas.ts): the account's first
 * wallet of the type ever (its wallet counter not made yet), unless a settlement wallet, holds it; opening a second
 * moves it off the first onto the counter items, in the same transaction. A race with another open of the type fails
 * a condition of one of them (`first`: the wallet counter still absent), retried from these reads.
 */
async function spendCounterSteps(input: NewWalletAsset, asset: StoredWalletAsset) {
  const none = { first: false, attributes: undefined, steps: [] as TransactionStep[] };
  const [counted, holder] = await Promise.all([
    walletCounterEntity.get(input.accountId, asset.type),
    counterHolder(input.accountId, asset.type),
  ]);
  // A first open of either kind commits only if still the first: one racing it is retried as a second.
  if (!counted && input.settlement) return { ...none, first: true };
  if (!counted) {
    const opened = counterOnNewWallet(input.accountId, asset.type, asset.id);
    return { first: true, attributes: opened.attributes, steps: [opened.step] };
  }
  const base = holder ? (await readBalanceItems(holder)).base : undefined;
  return base ? { ...none, steps: counterOffWallet(input.accountId, asset.type, base) } : none;
}

export async function findWalletAsset(assetId: string): Promise<WalletAsset | undefined> {
  const { base, items } = await readBalanceItems(assetId);
  return base && isWalletItem(base) ? present(walletAssetEntity.parse(base), items) : undefined;
}

/** A wallet by id as the engine reaches it, when only its id and kind are known. */
export const settlementSide = (assetId: string, settlement = true): AssetSide =>
  settlement ? { assetId, mode: 'sharded', shards: HOT_ASSET_SHARDS } : { assetId, mode: 'single' };

/** Which of an account's stored wallets a reader shows: as the filter of an index read, and as a test of an item. */
interface Shown {
  filter: IndexFilter;
  keep: (item: Record<string, unknown>) => boolean;
}

const ALL_WALLETS: Shown = {
  filter: { expression: '#category = :money', names: { '#category': 'category' }, values: { ':money': 'money' } },
  keep: isWalletItem,
};
const UNARCHIVED_WALLETS: Shown = {
  filter: {
    expression: '#status <> :archived AND #category = :money',
    names: { '#status': 'status', '#category': 'category' },
    values: { ':archived': 'archived', ':money': 'money' },
  },
  keep: (item) => isWalletItem(item) && item.status !== 'archived',
};

/**
 * Up to `limit` (all when absent) of an account's wallets in the range, parsed, each with its sort key: wallets of
 * version 2 from the keys-only GSI3 and the table, those of version 1 from GSI1 (index migrations in
 * docs/operations.md), both read at once and merged in the range's order.
 */
async function accountWallets(accountId: string, range: IndexRange, shown: Shown, limit?: number) {
  const partition = accountAssetsPartition(accountId);
  const [current, older] = await Promise.all([
    readKeysOnlyIndex({ partition, range, limit, keep: shown.keep }, EXACT_READ),
    readIndex({ partition, index: 'GSI1', range, limit, filter: shown.filter }, ledgerDb()),
  ]);
  const sides = [
    current.map((item) => ({ item, sortKey: String(item.GSI3SK) })),
    older.map((item) => ({ item, sortKey: String(item.GSI1SK) })),
  ];
  const consistent = new Set(current);
  return mergeBySortKey(sides, range.newestFirst, limit).map(({ item, sortKey }) => {
    const wallet = walletAssetEntity.parse(item);
    return { sortKey, wallet, view: () => presentWithBalance(wallet, consistent.has(item) ? item : undefined) };
  });
}

/**
 * A wallet presented with its balance: a wallet without shards (any but a settlement wallet, `settlementSide`) from
 * its base item when that was read from the table (GSI3's wallets are); else (shards, or a lagging GSI1 copy of the
 * item) from its balance items, read by one Query.
 */
async function presentWithBalance(wallet: StoredWalletAsset, base: Record<string, unknown> | undefined) {
  if (base && !wallet.settlement) return present(wallet, baseBalanceItems(wallet.id, base));
  return present(wallet, (await readBalanceItems(wallet.id)).items);
}

/** Wallet assets of an account, oldest first; bounded by MAX_WALLETS_PER_LEDGER per ledger. */
export async function queryWalletAssets(accountId: string): Promise<WalletAsset[]> {
  const wallets = await accountWallets(accountId, { newestFirst: false }, ALL_WALLETS);
  return Promise.all(wallets.map(({ view }) => view()));
}

/**
 * Up to `limit` unarchived wallets of an account created before the sort key `before`, newest first; each presented
 * (its balance items read) only when `view` is called, so a caller reading one extra to know whether more exist
 * reads no balances for it.
 */
export async function accountWalletsBefore(accountId: string, before: string | undefined, limit: number) {
  const wallets = await accountWallets(accountId, { newestFirst: true, before }, UNARCHIVED_WALLETS, limit);
  return wallets.map(({ sortKey, view }) => ({ sortKey, view }));
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
