import { isServerError, isThrottlingError, isTransientError, StandardRetryStrategy } from '@smithy/core/retry';
import { isThrottling, isTransient, MAX_ATTEMPTS, RetryQuota } from '../../functions/core/aws-retry';

/**
 * core/aws-retry.ts makes the decisions of the SDK's standard retry strategy (@smithy/core's, which the AWS calls used
 * before): which failures are retried, how many attempts, what the quota allows, how long each delay may be.
 */
type SdkFailure = Parameters<typeof isTransientError>[0];
const sdkErrorType = (failure: object) => {
  const error = failure as SdkFailure;
  if (isThrottlingError(error)) return 'THROTTLING' as const;
  if (isTransientError(error)) return 'TRANSIENT' as const;
  if (isServerError(error)) return 'SERVER_ERROR' as const;
  return 'CLIENT_ERROR' as const;
};
const ours = (failure: object) => (isThrottling(failure) ? 'THROTTLING' : isTransient(failure) ? 'TRANSIENT' : 'NO');
const theirs = (failure: object) => {
  const type = sdkErrorType(failure);
  return type === 'THROTTLING' || type === 'TRANSIENT' ? type : 'NO';
};

const status = (httpStatusCode: number, name = 'SomeError') => ({ name, message: '', $metadata: { httpStatusCode } });
const FAILURES: object[] = [
  status(400, 'ThrottlingException'),
  status(400, 'ProvisionedThroughputExceededException'),
  status(400, 'TransactionInProgressException'),
  status(429),
  status(500, 'InternalServerError'),
  status(503),
  status(501),
  status(400, 'ValidationException'),
  status(400, 'ConditionalCheckFailedException'),
  status(400, 'TransactionConflictException'),
  status(400, 'TransactionCanceledException'),
  { name: 'TimeoutError', message: 'socket timed out' },
  { name: 'Error', message: 'read', code: 'ECONNRESET' },
  { name: 'Error', message: 'lookup', code: 'EAI_AGAIN' },
  { name: 'AbortError', message: 'aborted', code: 'ECONNRESET' },
  { name: 'Error', message: 'wrapped', cause: { name: 'Error', message: 'inner', code: 'EPIPE' } },
  { name: 'InvalidSignatureException', message: 'Signature expired: 20261203T000000Z is now earlier than …' },
  { name: 'InvalidSignatureException', message: 'The request signature we calculated does not match' },
  { name: 'SomeError', message: '', $retryable: {} },
  { name: 'SomeError', message: '', $retryable: { throttling: true } },
  { name: 'Error', message: 'stream', code: 'ERR_HTTP2_STREAM_ERROR' },
];

afterEach(() => jest.restoreAllMocks());

describe('AWS retries (core/aws-retry.ts)', () => {
  it("retry the failures the SDK's classification retries, as throttling or transient, and no others", () => {
    expect(FAILURES.map(ours)).toEqual(FAILURES.map(theirs));
    expect(FAILURES.map(ours)).toEqual(expect.arrayContaining(['THROTTLING', 'TRANSIENT', 'NO']));
  });

  it("allow the SDK's attempts and spend and refill its quota as it does, call after call", async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const quota = new RetryQuota();
    const sdk = new StandardRetryStrategy(MAX_ATTEMPTS);
    // Calls that fail until refused (transient, throttling), some succeeding after a retry or at once.
    const calls: { failures: object[]; succeeds: boolean }[] = [
      ...Array.from({ length: 20 }, () => ({ failures: [status(503), status(503), status(503)], succeeds: false })),
      { failures: [status(400, 'ThrottlingException')], succeeds: true },
      ...Array.from({ length: 30 }, () => ({ failures: [], succeeds: true })),
      { failures: [status(503)], succeeds: true },
      { failures: [status(400, 'ThrottlingException'), status(429), status(429)], succeeds: false },
    ];
    const trail = { ours: [] as string[], sdk: [] as string[] };
    for (const { failures, succeeds } of calls) {
      const attempts = { retries: 0 };
      let token = await sdk.acquireInitialRetryToken('dynamodb');
      let refusedOurs = false;
      let refusedSdk = false;
      for (const failure of failures) {
        if (!refusedOurs) refusedOurs = quota.retryAfter(failure, attempts) === undefined;
        if (!refusedSdk)
          try {
            token = await sdk.refreshRetryTokenForRetry(token, { errorType: sdkErrorType(failure) });
          } catch {
            refusedSdk = true;
          }
        trail.ours.push(`${refusedOurs ? 'refused' : 'retried'} ${quota.available}`);
        trail.sdk.push(`${refusedSdk ? 'refused' : 'retried'} ${sdk.getCapacity()}`);
      }
      if (succeeds) {
        quota.recordSuccess(attempts);
        sdk.recordSuccess(token);
        trail.ours.push(`success ${quota.available}`);
        trail.sdk.push(`success ${sdk.getCapacity()}`);
      }
    }
    expect(trail.ours).toEqual(trail.sdk);
    // The quota ran short on the way (so the comparison covers a refusal for want of it).
    expect(trail.ours).toContain('refused 10');
  });

  it('wait up to 50 ms × 2^retry after a transient failure and 1 s × 2^retry after throttling', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const quota = new RetryQuota();
    const transient = { retries: 0 };
    expect([quota.retryAfter(status(503), transient), quota.retryAfter(status(503), transient)]).toEqual([25, 50]);
    const throttled = { retries: 0 };
    expect(quota.retryAfter(status(429), throttled)).toBe(500);
    expect(quota.retryAfter(status(429), throttled)).toBe(1000);
    expect(quota.retryAfter(status(429), { retries: 1 })).toBe(1000);
    expect(quota.retryAfter(status(429), throttled)).toBeUndefined();
  });
});
