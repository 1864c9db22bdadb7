import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiError } from '../http/errors';
import { db } from './client';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** One item of a transaction and the error its failed condition means to the caller. */
export interface TransactionStep {
  item: TransactItem;
  onConditionFailed?: () => ApiError | Error;
}

/** Another writer touched the same items at the same moment; re-read and try again. */
export class TransactionConflictError extends Error {
  constructor() {
    super('transaction conflict');
    this.name = 'TransactionConflictError';
  }
}

/**
 * Runs the steps as one all-or-nothing TransactWriteItems. A failed condition is mapped to the
 * failing step's error, so callers speak in business codes, not DynamoDB reasons.
 */
export async function runTransaction(steps: TransactionStep[], token?: string): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: steps.map((s) => s.item), ClientRequestToken: token }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
    if (failed >= 0) {
      const map = steps[failed]?.onConditionFailed;
      if (map) throw map();
    }
    if (reasons.some((reason) => reason.Code === 'TransactionConflict')) throw new TransactionConflictError();
    throw error;
  }
}

/** Re-runs an operation that reads then writes conditionally, when a concurrent writer won the race. */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 12): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof TransactionConflictError) || attempt >= attempts) throw error;
      // Full jitter, so contending writers spread out instead of colliding again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(500, 10 * 2 ** attempt)));
    }
  }
}
