import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactionConflictError } from '../db/transaction';
import { ConflictError, serviceUnavailable, type ApiError } from '../errors/classes';

/** DynamoDB's answers that mean "too much at once": the same call may succeed a moment later. */
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionInProgressException',
]);

/**
 * The documented answer for a failure the client should retry (with the same idempotency key,
 * which applies the command once): 409 TRANSACTION_CONFLICT when concurrent writers kept winning
 * past our own retries, 503 SERVICE_BUSY when DynamoDB throttled. Both carry Retry-After.
 * Anything else is not retryable here (undefined).
 */
export function retryableError(error: unknown): ApiError | undefined {
  if (error instanceof TransactionConflictError) return new ConflictError();
  const name = error instanceof Error ? error.name : '';
  const throttledTransaction =
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ThrottlingError' || r.Code === 'TransactionConflict');
  if (THROTTLING.has(name) || throttledTransaction) return serviceUnavailable('SERVICE_BUSY', { 'retry-after': '1' });
  return undefined;
}
