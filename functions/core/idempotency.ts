import { createHash } from 'node:crypto';
import { idempotencyEntity } from './db/keys';
import { retryOnConflict, type TransactionStep } from './db/transaction';
import { holdWritesUntil, ungated } from './db/write-gate';
import { badRequest, businessRule } from './errors/classes';
import { derivedId, newId } from './ids';
import { DuplicateTransferError } from './ledger/transfers';

/**
 * The idempotency engine of every money command. One scope rule: the calling account, the
 * operation and the client's key. The validated command (path parameters included) is hashed;
 * its response is stored by a step the effect writes in its own transaction, so an effect and
 * its record commit together or not at all. A repeat with the same command answers the stored
 * response (`replayed`); with another command it is refused with the operation's documented code;
 * a concurrent duplicate loses on the record's condition (or on its derived transfer ids) and
 * then answers the winner's response.
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

export interface IdempotentContext<T> {
  /** The step that stores the response: put it in the effect's transaction. */
  record: (response: T) => TransactionStep;
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
): Promise<Idempotent<T>> {
  const requestHash = hashRequest(cmd.command);
  // The stored record is looked up alongside the command's own reads, not before them: within an
  // HTTP request the command's writes wait for the lookup (core/db/write-gate.ts), and a record
  // found (or a key reused for another command) fails them before anything is written.
  const lookup = readStored<T>(cmd, requestHash);
  lookup.catch(() => undefined);
  const unstored = lookup.then((found) => (found ? Promise.reject(new AlreadyStored()) : undefined));
  // Outside a request's gate nothing awaits this check: its rejection must not go unhandled (it would end the process).
  unstored.catch(() => undefined);
  if (!holdWritesUntil(unstored)) {
    const stored = await lookup;
    if (stored) return { response: stored, replayed: true };
  }
  const scope = [cmd.accountId, cmd.operation, cmd.key];
  const ctx: IdempotentContext<T> = {
    derive: (label) => derivedId(undefined, ...scope, label),
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
    const winner = await ungated(() => readStored<T>(cmd, requestHash));
    if (winner) return { response: winner, replayed: true };
    if (error instanceof ConcurrentDuplicate || error instanceof DuplicateTransferError)
      throw new Error('duplicate without a stored response');
    throw error;
  }
}

async function readStored<T>(cmd: IdempotentCommand, requestHash: string): Promise<T | undefined> {
  const stored = await idempotencyEntity.get(cmd.accountId, cmd.operation, cmd.key);
  if (!stored) return undefined;
  if (stored.requestHash !== requestHash) throw businessRule(cmd.mismatchCode ?? 'IDEMPOTENT_OPERATION_FAILED');
  return JSON.parse(stored.response) as T;
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
