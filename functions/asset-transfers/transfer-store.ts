import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { assetTransfer, assetTransferSummary } from './schemas';
import {
  assetTransferEntity,
  claimEntity,
  receivedTransfersPartition,
  sentTransfersPartition,
  type AssetTransfer,
  type Claim,
  type StoredAssetTransfer,
} from './entities';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { paginationLimit, queryPage, type Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';

const table = () => config().tableName;

export async function findAssetTransfer(id: string): Promise<StoredAssetTransfer | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: assetTransferEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? assetTransferEntity.parse(out.Item) : undefined;
}

/** The step that writes a new transfer. */
export const insertStep = (transfer: StoredAssetTransfer): TransactionStep => ({
  item: {
    Put: {
      TableName: table(),
      Item: assetTransferEntity.item(transfer),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/**
 * The step that replaces a transfer with its next state, conditional on the version read: of
 * concurrent claims, cancels and returns exactly one wins; the others re-read and meet its state.
 */
export const replaceStep = (current: StoredAssetTransfer, next: StoredAssetTransfer): TransactionStep => ({
  item: {
    Put: {
      TableName: table(),
      Item: assetTransferEntity.item({ ...next, version: current.version + 1 }),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': current.version },
    },
  },
  onConditionFailed: () => new TransactionConflictError(),
});

export async function findClaim(assetTransferId: string, accountId: string): Promise<Claim | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: claimEntity.key(assetTransferId, accountId), ConsistentRead: true }),
  );
  return out.Item ? claimEntity.parse(out.Item) : undefined;
}

/** Records one more claim by an account (the transfer's own versioned update orders concurrent claims). */
export const claimStep = (claim: Claim): TransactionStep => ({
  item: { Put: { TableName: table(), Item: claimEntity.item(claim) } },
});

/** A phone number keeps its country code and last four digits, an email its first letter and domain. */
export function maskAlias(alias: string): string {
  if (alias.startsWith('+'))
    return `${alias.slice(0, 3)}${'*'.repeat(Math.max(alias.length - 7, 1))}${alias.slice(-4)}`;
  const [local, domain] = alias.split('@');
  return `${local.slice(0, 1)}*****@${domain}`;
}

/** Aliases compare as the platform stores them: emails in lower case, phone numbers as given (E.123). */
export const normalizeAlias = (alias: string) => (alias.startsWith('+') ? alias : alias.toLowerCase());

export const present = (transfer: StoredAssetTransfer): AssetTransfer =>
  publicView<AssetTransfer>(assetTransfer, transfer);

export const presentSummary = (transfer: StoredAssetTransfer) =>
  publicView<Record<string, unknown>>(assetTransferSummary, transfer);

/** A sender's transfers, newest first. */
export function listSent(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<AssetTransfer>> {
  const partition = sentTransfersPartition(accountId);
  return queryPage(
    {
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
    },
    {
      scope: partition,
      limit: paginationLimit(page.paginationLimit),
      pageKey: page.pageKey,
      map: (item) => present(assetTransferEntity.parse(item)),
    },
  );
}

/** The transfers an account received (claimed or was sent and resolved), newest first, each as that account's claim shows it. */
export async function listReceived(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<AssetTransfer>> {
  const partition = receivedTransfersPartition(accountId);
  const claims = await queryPage(
    {
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
    },
    {
      scope: partition,
      limit: paginationLimit(page.paginationLimit),
      pageKey: page.pageKey,
      map: (item) => claimEntity.parse(item),
    },
  );
  const transfers = await findAll(claims.items.map((c) => c.assetTransferId));
  const items = claims.items.flatMap((claim) => {
    const transfer = transfers.get(claim.assetTransferId);
    return transfer ? [present({ ...transfer, recipientAccountId: accountId, claimedByAccountId: accountId })] : [];
  });
  return claims.nextPageKey ? { items, nextPageKey: claims.nextPageKey } : { items };
}

async function findAll(ids: string[]): Promise<Map<string, StoredAssetTransfer>> {
  const found = new Map<string, StoredAssetTransfer>();
  let keys: Record<string, unknown>[] = [...new Set(ids)].map((id) => assetTransferEntity.key(id));
  while (keys.length) {
    const out = await db().send(
      new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ConsistentRead: true } } }),
    );
    for (const item of out.Responses?.[table()] ?? []) {
      const transfer = assetTransferEntity.parse(item);
      found.set(transfer.id, transfer);
    }
    keys = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
  }
  return found;
}
