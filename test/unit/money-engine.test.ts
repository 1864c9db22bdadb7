import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { NumberValueImpl as NumberValue } from '@aws-sdk/util-dynamodb';
import {
  MAX_TRANSACTION_ITEMS,
  runTransaction,
  TransactionConflictError,
  TransactionTooLargeError,
  type TransactionStep,
} from '../../functions/core/db/transaction';
import { retryableError } from '../../functions/core/http/retryable';
import { brokenRule } from '../../functions/core/ledger/transfers';

describe('brokenRule: the one rule a balance item as it was broke', () => {
  const active = { status: 'active', currency: 'NZD', liveness: 'test', available: NumberValue.from('500') };
  const expect500 = { currency: 'NZD', liveness: 'test', amount: 500n };
  it.each([
    ['missing', undefined],
    ['inactive', { ...active, status: 'archived' }],
    ['currency', { ...active, currency: 'AUD' }],
    ['liveness', { ...active, liveness: 'main' }],
    ['insufficient', { ...active, available: NumberValue.from('499') }],
  ] as const)('%s', (rule, old) => {
    expect(brokenRule(old, expect500)).toBe(rule);
  });
  it('none when the item as it was satisfies every rule (a race: the caller retries)', () => {
    expect(brokenRule(active, expect500)).toBeUndefined();
  });
  it('judges in order: an inactive asset of another currency is inactive', () => {
    expect(brokenRule({ ...active, status: 'archived', currency: 'AUD' }, expect500)).toBe('inactive');
  });
});

describe('retryable failures', () => {
  it('exhausted conflicts answer 409 TRANSACTION_CONFLICT with Retry-After', () => {
    const error = retryableError(new TransactionConflictError());
    expect([error?.statusCode, error?.message, error?.headers['retry-after']]).toEqual([
      409,
      'TRANSACTION_CONFLICT',
      '1',
    ]);
  });
  it('throttling answers 503 SERVICE_BUSY with Retry-After', () => {
    const throttled = Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' });
    expect(retryableError(throttled)?.statusCode).toBe(503);
    const cancelled = new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    expect(retryableError(cancelled)?.message).toBe('SERVICE_BUSY');
  });
  it('anything else is not retryable', () => {
    expect(retryableError(new Error('bug'))).toBeUndefined();
  });
});

describe('transaction limits are asserted before sending', () => {
  it('refuses more than 100 items without calling DynamoDB', async () => {
    const step: TransactionStep = {
      item: {
        ConditionCheck: { TableName: 't', Key: { PK: 'x', SK: 'y' }, ConditionExpression: 'attribute_exists(PK)' },
      },
    };
    await expect(runTransaction(Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, () => step))).rejects.toBeInstanceOf(
      TransactionTooLargeError,
    );
  });
});
