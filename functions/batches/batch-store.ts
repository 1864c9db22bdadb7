import { batch as batchSchema } from './schemas';
import { conditionHeld } from '../core/db/condition-held';
import { publicView } from '../core/db/entity';
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
const MAX_BATCH_ERRORS = 100;

export async function insertBatch(batch: StoredBatch): Promise<void> {
  await batchEntity.create(batch);
}

/** Takes back a batch that could not be queued, so no batch stays `created` that nothing will process. */
export async function withdrawBatch(id: string): Promise<void> {
  await batchEntity.remove([id], {
    if: { expression: '#status = :created', names: { '#status': 'status' }, values: { ':created': 'created' } },
  });
}

/**
 * How long a batch may hold its account's lock: far longer than the
 * largest file takes, short enough that a batch that died frees it.
 */
const LOCK_LEASE_MS = 60 * 60 * 1000;

/**
 * Takes the account's batch lock for the batch (again, if it holds it): an account's batches run one
 * at a time, so the external ids a record claims are checked and written with no other batch of the
 * account between. False while another batch holds it.
 */
export function lockAccount(batch: Pick<StoredBatch, 'id' | 'accountId'>): Promise<boolean> {
  return conditionHeld(
    batchLockEntity.put(
      { accountId: batch.accountId, batchId: batch.id, expiresAt: Date.now() + LOCK_LEASE_MS },
      {
        if: {
          expression: 'attribute_not_exists(PK) OR batchId = :self OR expiresAt < :now',
          values: { ':self': batch.id, ':now': Date.now() },
        },
      },
    ),
  );
}

/** Frees the account's batch lock if the batch holds it. */
export async function unlockAccount(batch: Pick<StoredBatch, 'id' | 'accountId'>): Promise<void> {
  await conditionHeld(
    batchLockEntity.remove([batch.accountId], { if: { expression: 'batchId = :self', values: { ':self': batch.id } } }),
  );
}

export const findBatch = (id: string): Promise<StoredBatch | undefined> => batchEntity.get(id);

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
  const values = Object.fromEntries(from.map((status, i) => [`:from${i}`, status]));
  return conditionHeld(
    batchEntity.update([id], {
      set: { updatedAt: at, ...changes },
      if: { expression: `#status IN (${Object.keys(values).join(', ')})`, names: { '#status': 'status' }, values },
    }),
  );
}

/** Whether a chunk was already counted. */
export async function chunkCounted(batchId: string, chunk: number): Promise<boolean> {
  return (await batchChunkEntity.get(batchId, chunk)) !== undefined;
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
      batchChunkEntity.createStep(record, {
        onExists: () => {
          duplicate = true;
          return new Error('chunk already counted');
        },
      }),
      batchEntity.updateStep([record.batchId], {
        add: { processed: record.count, failed: record.errorCount, chunksDone: 1 },
        if: { expression: '#status = :chunked', names: { '#status': 'status' }, values: { ':chunked': 'chunked' } },
      }),
    ]);
    return true;
  } catch (error) {
    if (duplicate) return false;
    throw error;
  }
}

/** The first errors of all the batch's chunks, by index: one Query of the batch's partition. */
export async function firstErrors(batchId: string): Promise<BatchError[]> {
  const chunks = await batchChunkEntity.all({ partition: batchPartition(batchId), sortKeyPrefix: CHUNK_SORT_PREFIX });
  return chunks
    .flatMap((chunk) => chunk.errors)
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
