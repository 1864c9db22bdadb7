import { createHash } from 'node:crypto';
import { findAccount } from '../accounts';
import { accountNow, isoTimestamp } from '../core/clock';
import { sendMessages } from '../core/queues';
import { readMediaFile } from '../media-uploads';
import {
  advanceBatch,
  chunkCounted,
  countChunk,
  findBatch,
  firstErrors,
  lockAccount,
  unlockAccount,
} from './batch-store';
import {
  AlreadyOnboarded,
  claimState,
  externalIdOf,
  headerProblem,
  onboardInTransaction,
  prepareRecord,
  chunkReferences,
  RowError,
  uniqueFields,
  type PreparedRecord,
} from './business-onboard';
import { getItems, keyOf, putItems } from '../core/db/batch';
import { CsvError, parseCsv } from './csv';
import type { BatchError, StoredBatch } from './entities';
import { BATCHES_QUEUE, type BatchMessage } from './messages';

/** Records per chunk message, and the most a chunk's records may weigh (SQS takes 256 KB a message). */
const CHUNK_ROWS = 250;
const CHUNK_BYTES = 192 * 1024;
/** Records of one chunk written by their own transaction at once. */
const ROW_CONCURRENCY = 4;
/** Errors a chunk keeps: the batch lists the first MAX_BATCH_ERRORS of all chunks', and counts every one. */
const CHUNK_ERRORS = 100;
/** When another batch of the account holds its lock, the start is tried again this much later. */
const LOCKED_RETRY_SECONDS = 5;

/** Runs one message of the batches queue; a throw leaves it on the queue to be delivered again. */
export async function runBatchMessage(message: BatchMessage): Promise<void> {
  const batch = await findBatch(message.batchId);
  if (!batch) return;
  const now = await accountNow(await findAccount(batch.accountId));
  if (message.kind === 'start') return startBatch(batch, now);
  return runChunk(batch, message, now);
}

/**
 * Reads the batch's file (`copied`: its size and SHA-256 recorded), splits it into chunk messages
 * (`chunked`, with their number) and sends them. Delivered again once chunked, it sends the chunks
 * again: chunks are idempotent, and this is how chunks a crash left unsent still get sent.
 */
async function startBatch(batch: StoredBatch, now: Date): Promise<void> {
  if (batch.status !== 'created' && batch.status !== 'copied' && batch.status !== 'chunked') return;
  if (!(await lockAccount(batch))) {
    // Another batch of the account is running: this one starts after it.
    await sendMessages(BATCHES_QUEUE, [
      { body: { kind: 'start', batchId: batch.id } satisfies BatchMessage, delaySeconds: LOCKED_RETRY_SECONDS },
    ]);
    return;
  }
  const at = isoTimestamp(now);
  const file = await readMediaFile(batch);
  if (!file) return fail(batch, 'the file cannot be read', at);
  if (batch.status === 'created') {
    await advanceBatch(
      batch.id,
      ['created'],
      { status: 'copied', fileSize: file.length, fileSha256: createHash('sha256').update(file).digest('hex') },
      at,
    );
  }
  let rows: string[][];
  try {
    rows = parseCsv(file.toString('utf8'));
  } catch (error) {
    if (error instanceof CsvError) return fail(batch, `the file is not valid CSV: ${error.message}`, at);
    throw error;
  }
  const [header = [], ...records] = rows;
  const problem = headerProblem(header);
  if (problem) return fail(batch, `the file's header does not match ${batch.type}: ${problem}`, at);
  const chunks = chunkMessages(batch.id, header, records);
  if (!records.length) {
    await advanceBatch(batch.id, ['created', 'copied'], { status: 'complete', chunkCount: 0 }, at);
    return unlockAccount(batch);
  }
  await advanceBatch(batch.id, ['created', 'copied'], { status: 'chunked', chunkCount: chunks.length }, at);
  await sendMessages(
    BATCHES_QUEUE,
    chunks.map((body) => ({ body })),
  );
}

async function fail(batch: StoredBatch, error: string, at: string): Promise<void> {
  // A repeated start that finds the batch already chunked leaves the lock to its chunks.
  if (await advanceBatch(batch.id, ['created', 'copied'], { status: 'error', error }, at)) await unlockAccount(batch);
}

/** The records in chunks of at most CHUNK_ROWS records and CHUNK_BYTES, with the repeats of earlier records marked. */
function chunkMessages(batchId: string, header: string[], records: string[][]): BatchMessage[] {
  const seen = new Map<string, number>();
  const chunks: Extract<BatchMessage, { kind: 'chunk' }>[] = [];
  let bytes = 0;
  records.forEach((row, index) => {
    const size = Buffer.byteLength(JSON.stringify(row));
    let chunk = chunks.at(-1);
    if (!chunk || chunk.rows.length >= CHUNK_ROWS || bytes + size > CHUNK_BYTES) {
      chunk = { kind: 'chunk', batchId, chunk: chunks.length, start: index, header, rows: [], duplicates: {} };
      chunks.push(chunk);
      bytes = 0;
    }
    chunk.rows.push(row);
    bytes += size;
    for (const field of uniqueFields(header, row)) {
      const first = seen.get(field);
      if (first === undefined) seen.set(field, index);
      else chunk.duplicates[String(index)] ??= `${field.split(' ')[0]} repeats record ${first}`;
    }
  });
  return chunks;
}

/**
 * Onboards a chunk's records, then counts the chunk into its batch exactly once and completes the
 * batch when it was the last. The external ids' claims are read in bulk: a record whose claims are
 * another's is DUPLICATE_EXTERNAL_ID, one whose claims are its own was written whole by an earlier
 * delivery and is not written again; the rest are written in bulk, claims last (the account's batch
 * lock keeps other batches of the account from claiming between the read and the write). Records with
 * an NZBN, contended by every account's businesses, are each one conditional transaction. Any failure
 * but a record's own (throttling, a crash) throws before the chunk is counted: it is delivered again.
 */
async function runChunk(
  batch: StoredBatch,
  message: Extract<BatchMessage, { kind: 'chunk' }>,
  now: Date,
): Promise<void> {
  if (batch.status !== 'chunked') return;
  if (!(await chunkCounted(batch.id, message.chunk))) {
    // Its claims are read and written in bulk under the account's lock: renewed here, so a batch whose chunks outlast
    // the lease (a backlog, a redrive) keeps it; one whose lock another batch took meanwhile waits for that one.
    if (!(await lockAccount(batch))) {
      await sendMessages(BATCHES_QUEUE, [{ body: message, delaySeconds: LOCKED_RETRY_SECONDS }]);
      return;
    }
    const errors: BatchError[] = [];
    const refuse = (k: number, error: unknown) => {
      if (!(error instanceof RowError)) throw error;
      const externalId = externalIdOf(message.header, message.rows[k]);
      errors.push({
        index: String(message.start + k),
        ...(externalId ? { externalId: externalId.slice(0, 64) } : {}),
        message: error.message,
      });
    };
    const prepared: PreparedRecord[] = [];
    const refs = chunkReferences();
    for (const [k, row] of message.rows.entries()) {
      const index = message.start + k;
      try {
        const duplicate = message.duplicates[String(index)];
        if (duplicate) throw new RowError(`DUPLICATE_EXTERNAL_ID: ${duplicate}`);
        prepared.push(await prepareRecord(batch, message.header, row, index, now, refs));
      } catch (error) {
        refuse(k, error);
      }
    }
    const claims = await getItems(prepared.flatMap((p) => p.claimKeys));
    const toWrite = prepared.filter((p) => {
      const states = p.claimKeys.map((key) => claimState(claims.get(keyOf(key)), batch.id, p.index));
      if (states.includes('taken')) refuse(p.index - message.start, new RowError('DUPLICATE_EXTERNAL_ID'));
      return !states.includes('taken') && !states.every((state) => state === 'own');
    });
    const bulk = toWrite.filter((p) => !p.transaction);
    await putItems(bulk.flatMap((p) => p.records));
    await putItems(bulk.flatMap((p) => p.claims));
    await forEachLimited(
      toWrite.filter((p) => p.transaction),
      ROW_CONCURRENCY,
      async (p) => {
        await onboardInTransaction(p.transaction ?? []).catch((error: unknown) => {
          if (!(error instanceof AlreadyOnboarded)) refuse(p.index - message.start, error);
        });
      },
    );
    errors.sort((a, b) => Number(a.index) - Number(b.index));
    await countChunk({
      batchId: batch.id,
      chunk: message.chunk,
      count: message.rows.length,
      errorCount: errors.length,
      errors: errors.slice(0, CHUNK_ERRORS),
    });
  }
  await completeIfDone(batch.id, now);
}

/** The last chunk counted completes the batch with the first errors of all; whoever sees it first does, once. */
async function completeIfDone(batchId: string, now: Date): Promise<void> {
  const batch = await findBatch(batchId);
  if (batch?.status !== 'chunked' || batch.chunksDone < (batch.chunkCount ?? Infinity)) return;
  await advanceBatch(
    batchId,
    ['chunked'],
    { status: 'complete', errors: await firstErrors(batchId) },
    isoTimestamp(now),
  );
  await unlockAccount(batch);
}

/** Runs `work` over the items, at most `limit` at a time; the first failure is thrown once all have settled. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i).catch((error: unknown) => void failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length) throw failures[0];
}
