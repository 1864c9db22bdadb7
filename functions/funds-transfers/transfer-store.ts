import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { DuplicateTransferError } from '../core/ledger/transfers';
import {
  accountTransfersPartition,
  assetActivityEntity,
  fundsTransferEntity,
  type AssetActivity,
  type FundsTransfer,
  type FundsTransferType,
  type StoredFundsTransfer,
} from './entities';
import { fundsTransfer } from './schemas';

const table = () => config().tableName;

/** Bare-array listings (top ups) answer at most this many, newest first. */
export const MAX_LISTED_TOPUPS = 100;

export async function findFundsTransfer(id: string): Promise<StoredFundsTransfer | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: fundsTransferEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? fundsTransferEntity.parse(out.Item) : undefined;
}

/** Writes a new transfer; its id derives from an idempotency key when one is given, so a retry meets it. */
export const insertStep = (transfer: StoredFundsTransfer): TransactionStep => ({
  item: {
    Put: {
      TableName: table(),
      Item: fundsTransferEntity.item(transfer),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  onConditionFailed: () => new DuplicateTransferError(transfer.id),
});

/** Replaces a transfer with its next state, conditional on the version read: of concurrent outcomes one wins. */
export const replaceStep = (current: StoredFundsTransfer, next: StoredFundsTransfer): TransactionStep => ({
  item: {
    Put: {
      TableName: table(),
      Item: fundsTransferEntity.item({ ...next, version: current.version + 1 }),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': current.version },
    },
  },
  onConditionFailed: () => new TransactionConflictError(),
});

export const activityStep = (activity: AssetActivity): TransactionStep => ({
  item: {
    Put: {
      TableName: table(),
      Item: assetActivityEntity.item(activity),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  onConditionFailed: () => new TransactionConflictError(),
});

export const present = (transfer: StoredFundsTransfer): FundsTransfer =>
  publicView<FundsTransfer>(fundsTransfer, transfer);

/** One page of an account's top ups or withdrawals, newest first. */
export function listTransfers(
  type: FundsTransferType,
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<StoredFundsTransfer>> {
  return newestFirstPage(accountTransfersPartition(type, accountId), page, (item) => fundsTransferEntity.parse(item));
}
