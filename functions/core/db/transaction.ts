import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from './document';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { ApiError } from '../errors/classes';
import { db } from './client';

/** DynamoDB's own bounds on one TransactWriteItems, asserted before sending. */
export const MAX_TRANSACTION_ITEMS = 100;
const MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** One item of a transaction and the error its failed condition means to the caller. */
export interface TransactionStep {
  item: TransactItem;
  /**
   * The error a failed condition means. Steps that set `ReturnValuesOnConditionCheckFailure:
   * 'ALL_OLD'` receive the item as it was (numbers as NumberValue), so the error can name the one
   * rule the item broke; `undefined` means the item did not exist.
   */
  onConditionFailed?: (old: Record<string, unknown> | undefined) => ApiError | Error;
}

/** Another writer touched the same items at the same moment; re-read and try again. */
export class TransactionConflictError extends Error {
  constructor() {
    super('transaction conflict');
    this.name = 'TransactionConflictError';
  }
}

/** A transaction that DynamoDB would refuse whole: a bug in the flow that planned it, never a client error. */
export class TransactionTooLargeError extends Error {
  constructor(detail: string) {
    super(`transaction too large: ${detail}`);
    this.name = 'TransactionTooLargeError';
  }
}

/**
 * Runs the steps as one all-or-nothing TransactWriteItems. A failed condition is mapped to the
 * failing step's error, so callers speak in business codes, not DynamoDB reasons.
 */
export async function runTransaction(steps: TransactionStep[], token?: string): Promise<void> {
  assertWithinLimits(steps);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: steps.map((s) => s.item), ClientRequestToken: token }));
  } catch (error) {
    throw mapCancellation(steps, error);
  }
}

function assertWithinLimits(steps: TransactionStep[]): void {
  if (steps.length > MAX_TRANSACTION_ITEMS) throw new TransactionTooLargeError(`${steps.length} items`);
  const bytes = Buffer.byteLength(
    JSON.stringify(
      steps.map((s) => s.item),
      (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    ),
  );
  if (bytes > MAX_TRANSACTION_BYTES) throw new TransactionTooLargeError(`${bytes} bytes`);
}

/** The error a cancelled transaction means to the caller: the failing step's, a conflict, or the original. */
function mapCancellation(steps: TransactionStep[], error: unknown): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
  if (failed >= 0) {
    const map = steps[failed]?.onConditionFailed;
    const old = reasons[failed]?.Item;
    if (map) return map(old ? unmarshall(old, { wrapNumbers: true }) : undefined);
  }
  if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return new TransactionConflictError();
  return error;
}

/**
 * How long an operation keeps re-running after conflicts: past it the conflict is answered (409
 * TRANSACTION_CONFLICT, retryable) with time to spare in a group Lambda's 10 s, where many writers
 * racing for one item (claims of one transfer) on a slow table would otherwise reach the function's
 * timeout, a 500.
 */
export const CONFLICT_RETRY_MS = 6_000;

/**
 * Re-runs an operation that reads then writes conditionally, when a concurrent writer won the race:
 * another attempt only while one as long as the last still ends within CONFLICT_RETRY_MS.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 12): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const attemptStarted = Date.now();
    try {
      return await run();
    } catch (error) {
      const now = Date.now();
      if (
        !(error instanceof TransactionConflictError) ||
        attempt >= attempts ||
        now - started + (now - attemptStarted) >= CONFLICT_RETRY_MS
      )
        throw error;
      // Full jitter, so contending writers spread out instead of colliding again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(500, 10 * 2 ** attempt)));
    }
  }
}
