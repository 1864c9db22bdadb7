import { createHash } from 'node:crypto';
import { getItems, keyOf } from './db/batch';
import type { TableKey } from './db/entity';
import { idempotencyEntity } from './db/keys';
import { retryOnConflict, type TransactionStep } from './db/transaction';
import { holdWritesUntil, ungated } from './db/write-gate';
import { badRequest, businessRule } from './errors/classes';
import { derivedId, newId } from './ids';
import { postedTransferEntity, type TransferReceipt } from './ledger/entities';
import { DuplicateTransferError } from './ledger/transfers';

/**
 * The idempotency engine of every money command. One scope rule: the calling account, the
 * operation and the client's key. The validated command (path parameters included) is hashed;
 * its response is stored by a step the effect writes in its own transaction, so an effect and
 * its record commit together or not at all. A repeat with the same command answers the stored
 * response (`replayed`); with another command it is refused with the operation's documented code;
 * a concurrent duplicate loses on the record's condition (or on its derived transfer ids) and
 * then answers the winner's response.
 *
 * A command that posts a transfer under a label of its scope and answers with an immutable item
 * (`kept`: a pay's or a refund's activity) keeps no record of its own: the transfer record carries
 * its receipt (the request hash and the response's key), one item fewer per command. Its transfer's
 * key is known from the scope alone, so the lookup reads it (and any separate record, as kept by
 * commands that posted no transfer and before this, in the same strongly consistent batch).
 */

/** Records outlive any sane retry window; TTL housekeeping only, never relied on for correctness. */
const RETENTION_SECONDS = 90 * 24 * 3600;

export interface IdempotentCommand {
  /** The calling account: keys of different accounts never meet. */
  accountId: string;
  /** The route's operation name. */
  operation: string;
  /**
   * The client's key, made unique within the operation where its scope is narrower (a refund's externalRef per
   * request).
   */
  key: string;
  /** The validated command, path parameters included. */
  command: unknown;
  /** The documented code for the same key with another command. */
  mismatchCode?: 'IDEMPOTENT_OPERATION_FAILED' | 'REPEAT_REFERENCE';
}

/** Where a command's response is kept when its transfer carries the receipt (see above). */
export interface KeptResponse<T> {
  /** The label the command derives its transfer's id from (`derive(transfer)`). */
  transfer: string;
  /** The key of the immutable item the response is, and its reading back. */
  keyOf: (response: T) => TableKey;
  parse: (item: Record<string, unknown>) => T;
}

export interface IdempotentContext<T> {
  /** The step that stores the response: put it in the effect's transaction. */
  record: (response: T) => TransactionStep;
  /**
   * The receipt to put on the transfer derived from `kept.transfer`, in place of `record` (only with `kept`):
   * the response must be an item the same transaction writes.
   */
  receipt?: (response: T) => TransferReceipt;
  /** An id derived from the scope: the same on every retry (transfer and activity ids). */
  derive: (label: string) => string;
}

export interface Idempotent<T> {
  response: T;
  /** True when this answer is the stored response of an earlier call. */
  replayed: boolean;
}

class ConcurrentDuplicate extends Error {}
/** The command was already applied: its writes are refused and its stored answer replayed. */
class AlreadyStored extends Error {}

export async function idempotent<T>(
  cmd: IdempotentCommand,
  run: (ctx: IdempotentContext<T>) => Promise<T>,
  kept?: KeptResponse<T>,
): Promise<Idempotent<T>> {
  const requestHash = hashRequest(cmd.command);
  const scope = [cmd.accountId, cmd.operation, cmd.key];
  const derive = (label: string) => derivedId(undefined, ...scope, label);
  const readStored = () =>
    kept ? readReceipt(cmd, requestHash, kept, derive(kept.transfer)) : readRecord<T>(cmd, requestHash);
  // The stored record is looked up alongside the command's own reads, not before them: within an
  // HTTP request the command's writes wait for the lookup (core/db/write-gate.ts), and a record
  // found (or a key reused for another command) fails them before anything is written.
  const lookup = readStored();
  lookup.catch(() => undefined);
  const unstored = lookup.then((found) => (found ? Promise.reject(new AlreadyStored()) : undefined));
  // Outside a request's gate nothing awaits this check: its rejection must not go unhandled (it would end the process).
  unstored.catch(() => undefined);
  if (!holdWritesUntil(unstored)) {
    const stored = await lookup;
    if (stored) return { response: stored, replayed: true };
  }
  const ctx: IdempotentContext<T> = {
    derive,
    ...(kept
      ? {
          receipt: (response: T) => {
            const { PK, SK } = kept.keyOf(response);
            return { requestHash, responsePK: PK, responseSK: SK };
          },
        }
      : {}),
    record: (response) =>
      idempotencyEntity.createStep(
        {
          accountId: cmd.accountId,
          operation: cmd.operation,
          clientKey: cmd.key,
          requestHash,
          response: JSON.stringify(response),
          createdAt: new Date().toISOString(),
        },
        {
          extra: { ttl: Math.floor(Date.now() / 1000) + RETENTION_SECONDS },
          onExists: () => new ConcurrentDuplicate('idempotency record written concurrently'),
        },
      ),
  };
  try {
    return { response: await retryOnConflict(() => run(ctx)), replayed: false };
  } catch (error) {
    // A duplicate that committed while this attempt ran (this attempt lost on the record or on a
    // derived transfer id, or then saw the winner's effect, e.g. a paid request) answers with the winner's response.
    // Read afresh (ungated: not the request's earlier answer to the same read).
    const winner = await ungated(readStored);
    if (winner) return { response: winner, replayed: true };
    if (error instanceof ConcurrentDuplicate || error instanceof DuplicateTransferError)
      throw new Error('duplicate without a stored response');
    throw error;
  }
}

/** The same key with another command. */
const mismatch = (cmd: IdempotentCommand) => businessRule(cmd.mismatchCode ?? 'IDEMPOTENT_OPERATION_FAILED');

async function readRecord<T>(cmd: IdempotentCommand, requestHash: string): Promise<T | undefined> {
  const stored = await idempotencyEntity.get(cmd.accountId, cmd.operation, cmd.key);
  return stored && storedResponse(cmd, requestHash, stored);
}

function storedResponse<T>(
  cmd: IdempotentCommand,
  requestHash: string,
  stored: { requestHash: string; response: string },
): T {
  if (stored.requestHash !== requestHash) throw mismatch(cmd);
  return JSON.parse(stored.response) as T;
}

/** The response of a command whose transfer may carry its receipt: its transfer and a separate record, read at once. */
async function readReceipt<T>(
  cmd: IdempotentCommand,
  requestHash: string,
  kept: KeptResponse<T>,
  transferId: string,
): Promise<T | undefined> {
  const transferKey = postedTransferEntity.key(transferId);
  const recordKey = idempotencyEntity.key(cmd.accountId, cmd.operation, cmd.key);
  const found = await getItems([transferKey, recordKey]);
  const transfer = found.get(keyOf(transferKey));
  const receipt = transfer && postedTransferEntity.parse(transfer);
  if (receipt?.requestHash && receipt.responsePK && receipt.responseSK) {
    if (receipt.requestHash !== requestHash) throw mismatch(cmd);
    const response = await getItems([{ PK: receipt.responsePK, SK: receipt.responseSK }]);
    const item = [...response.values()][0];
    // Written in the transfer's own transaction: a receipt without it breaks an invariant.
    if (!item) throw new Error(`transfer ${transferId} names a response that is not stored`);
    return kept.parse(item);
  }
  const record = found.get(keyOf(recordKey));
  return record && storedResponse(cmd, requestHash, idempotencyEntity.parse(record));
}

/** Canonical JSON (sorted keys) so the same request always hashes the same. */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Longest `Idempotency-Key` header accepted. */
export const MAX_HEADER_KEY_LENGTH = 255;

/**
 * Money commands whose body has no key (void, release) take an optional `Idempotency-Key` header
 * under the same scope rule: with one, a retry replays the first answer instead of meeting the
 * state the first call left; without one, the command runs once per call with fresh ids.
 */
export function optionallyIdempotent<T>(
  headers: Record<string, string | undefined>,
  cmd: Omit<IdempotentCommand, 'key'>,
  run: (ctx: Partial<Pick<IdempotentContext<T>, 'record'>> & Pick<IdempotentContext<T>, 'derive'>) => Promise<T>,
): Promise<Idempotent<T>> {
  const key = headers['idempotency-key'];
  if (key === undefined)
    return retryOnConflict(async () => ({ response: await run({ derive: () => newId() }), replayed: false }));
  if (!key || key.length > MAX_HEADER_KEY_LENGTH)
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_HEADER_KEY_LENGTH} characters`);
  return idempotent<T>({ ...cmd, key }, run);
}
