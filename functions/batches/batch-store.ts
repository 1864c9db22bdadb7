import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batch as batchSchema } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { queryAll } from '../core/db/pagination';
import { runTransaction } from '../core/db/transaction';
import {
  batchChunkEntity,
  batchEntity,
  batchLockEntity,
  batchPartition,
  CHUNK_SORT_PREFIX,
  type Batch,
  type BatchChunk,
  type BatchError,
  type StoredBatch,
} from './entities';

/** A batch lists at most this many errors (the first by index); `errorCount` counts them all. */
export const MAX_BATCH_ERRORS = 100;

const table = () => config().tableName;

export async function insertBatch(batch: StoredBatch): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: batchEntity.item(batch),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Takes back a batch that could not be queued, so no batch stays `created` that nothing will process. */
export async function withdrawBatch(id: string): Promise<void> {
  await db().send(
    new DeleteCommand({
      TableName: table(),
      Key: batchEntity.key(id),
      ConditionExpression: '#status = :created',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':created': 'created' },
    }),
  );
}

/** How long a batch may hold its account's lock: far longer than the largest file takes, short enough that a batch that died frees it. */
const LOCK_LEASE_MS = 60 * 60 * 1000;

/**
 * Takes the account's batch lock for the batch (again, if it holds it): an account's batches run one
 * at a time, so the external ids a record claims are checked and written with no other batch of the
 * account between. False while another batch holds it.
 */
export async function lockAccount(batch: Pick<StoredBatch, 'id' | 'accountId'>): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: batchLockEntity.item({
          accountId: batch.accountId,
          batchId: batch.id,
          expiresAt: Date.now() + LOCK_LEASE_MS,
        }),
        ConditionExpression: 'attribute_not_exists(PK) OR batchId = :self OR expiresAt < :now',
        ExpressionAttributeValues: { ':self': batch.id, ':now': Date.now() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Frees the account's batch lock if the batch holds it. */
export async function unlockAccount(batch: Pick<StoredBatch, 'id' | 'accountId'>): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: batchLockEntity.key(batch.accountId),
        ConditionExpression: 'batchId = :self',
        ExpressionAttributeValues: { ':self': batch.id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function findBatch(id: string): Promise<StoredBatch | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: batchEntity.key(id), ConsistentRead: true }));
  return out.Item ? batchEntity.parse(out.Item) : undefined;
}

/**
 * Moves a batch on from one of `from` and sets `changes`; false when it had already moved on (a
 * repeated message), so each step happens once.
 */
export async function advanceBatch(
  id: string,
  from: readonly StoredBatch['status'][],
  changes: Partial<StoredBatch>,
  at: string,
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':at': at };
  const sets = ['#updatedAt = :at'];
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  for (const [i, status] of from.entries()) values[`:from${i}`] = status;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: batchEntity.key(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Whether a chunk was already counted. */
export async function chunkCounted(batchId: string, chunk: number): Promise<boolean> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: batchChunkEntity.key(batchId, chunk), ConsistentRead: true }),
  );
  return out.Item !== undefined;
}

/**
 * Counts a chunk into its batch exactly once: the chunk's record is written only if new, in the same
 * transaction as the batch's counters, so a chunk processed twice (a message delivered again) adds
 * once. False when it had been counted already.
 */
export async function countChunk(record: BatchChunk): Promise<boolean> {
  let duplicate = false;
  try {
    await runTransaction([
      {
        item: {
          Put: {
            TableName: table(),
            Item: batchChunkEntity.item(record),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        onConditionFailed: () => {
          duplicate = true;
          return new Error('chunk already counted');
        },
      },
      {
        item: {
          Update: {
            TableName: table(),
            Key: batchEntity.key(record.batchId),
            UpdateExpression: 'ADD #processed :count, #failed :errors, #chunksDone :one',
            ConditionExpression: '#status = :chunked',
            ExpressionAttributeNames: {
              '#status': 'status',
              '#processed': 'processed',
              '#failed': 'failed',
              '#chunksDone': 'chunksDone',
            },
            ExpressionAttributeValues: {
              ':count': record.count,
              ':errors': record.errorCount,
              ':one': 1,
              ':chunked': 'chunked',
            },
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (duplicate) return false;
    throw error;
  }
}

/** The first errors of all the batch's chunks, by index: one Query of the batch's partition. */
export async function firstErrors(batchId: string): Promise<BatchError[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
    ExpressionAttributeValues: { ':pk': batchPartition(batchId), ':chunk': CHUNK_SORT_PREFIX },
    ConsistentRead: true,
  });
  return items
    .flatMap((item) => batchChunkEntity.parse(item).errors)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .slice(0, MAX_BATCH_ERRORS);
}

/** The public view: counts as strings, the Batch schema's fields only. */
export function present(stored: StoredBatch): Batch {
  return publicView<Batch>(batchSchema, {
    ...stored,
    count: String(stored.processed),
    errorCount: String(stored.failed),
  });
}
