import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { walletAsset } from '../../schemas/wallet-assets';
import { parseMoneyAssetType } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { accountAssetsIndex, accountKey, assetKey, stripKeys } from '../core/db/keys';
import { queryAll } from '../core/db/pagination';
import { runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/http/errors';
import { newId } from '../core/ids';
import { ledgerDb, toAmount } from '../core/ledger/ledger-db';
import { formatAmount } from '../core/money';

export type WalletAsset = FromSchema<typeof walletAsset>;

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
  const asset = {
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
  };
  const tableName = config().tableName;
  const counterKey = { PK: accountKey(input.accountId).PK, SK: `WALLETCOUNT#${ledger.type}` };
  await runTransaction([
    {
      item: {
        Update: {
          TableName: tableName,
          Key: counterKey,
          UpdateExpression: 'ADD walletCount :one',
          ConditionExpression: 'attribute_not_exists(walletCount) OR walletCount < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_WALLETS_PER_LEDGER },
        },
      },
      onConditionFailed: () => businessRule('ACCOUNT_MAX_WALLETS_REACHED'),
    },
    {
      item: {
        Put: {
          TableName: tableName,
          Item: { ...assetKey(asset.id), ...accountAssetsIndex(asset.accountId, at, asset.id), ...asset, balance: 0 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
  return { ...asset, balance: '0', availableBalance: '0' };
}

export async function findWalletAsset(assetId: string): Promise<WalletAsset | undefined> {
  const out = await ledgerDb().send(new GetCommand({ TableName: config().tableName, Key: assetKey(assetId), ConsistentRead: true }));
  return out.Item && out.Item.category === 'money' && out.Item.accountId ? present(out.Item) : undefined;
}

/** Wallet assets of an account, oldest first; bounded by MAX_WALLETS_PER_LEDGER per ledger. */
export async function listWalletAssets(accountId: string): Promise<WalletAsset[]> {
  const items = await queryAll(
    {
      TableName: config().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': accountAssetsIndex(accountId).GSI1PK },
    },
    ledgerDb(),
  );
  return items.filter((item) => item.category === 'money').map(present);
}

function present(item: Record<string, unknown>): WalletAsset {
  const balance = formatAmount(toAmount(item.balance));
  const rest = stripKeys(item);
  return { ...(rest as unknown as Omit<WalletAsset, 'balance' | 'availableBalance'>), balance, availableBalance: balance };
}
