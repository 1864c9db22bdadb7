/**
 * The AWS SDK's standard retry mode, as `@smithy/core`'s StandardRetryStrategy (3.41, its 2026 settings) applies it
 * to every call of a client, on the SDK's own classification of failures: three attempts; only throttling and
 * transient failures retried; a quota of 500 shared by the client's calls, each retry taking 14 from it (5 after
 * throttling) and each success giving back what its last retry took, or 1; a random delay of up to 50 ms × 2^retry
 * (1 s × 2^retry after throttling), 20 s at most. The strategy's module and the classification's tables were some
 * 15 KiB of every bundle; test/unit/aws-retry.test.ts holds these decisions to the SDK's.
 */
export const MAX_ATTEMPTS = 3;
const QUOTA = 500;
const RETRY_COST = 14;
const THROTTLING_RETRY_COST = 5;
const NO_RETRY_INCREMENT = 1;
const DELAY_BASE_MS = 50;
const THROTTLING_DELAY_BASE_MS = 1_000;
const MAX_DELAY_MS = 20_000;

const THROTTLING_CODES = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT_CODES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
/** Node's codes of a connection that failed or timed out (the SDK's HTTP handler names such a failure TimeoutError). */
export const NODE_TIMEOUT_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
/** Those, and Node's codes of a network that could not be reached. */
const NODE_TRANSIENT_CODES = new Set([...NODE_TIMEOUT_CODES, 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What a failure may carry: an error answer's name and metadata, a Node error's code, an SDK error's traits. */
interface Failure {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number; clockSkewCorrected?: boolean };
  $retryable?: { throttling?: boolean };
}

export function isThrottling(failure: unknown): boolean {
  const error = (failure ?? {}) as Failure;
  return (
    error.$metadata?.httpStatusCode === 429 ||
    THROTTLING_CODES.has(error.name ?? '') ||
    error.$retryable?.throttling === true
  );
}

export function isTransient(failure: unknown, depth = 0): boolean {
  const error = (failure ?? {}) as Failure;
  if (error.name === 'AbortError') return false;
  return (
    error.$retryable !== undefined ||
    error.$metadata?.clockSkewCorrected === true ||
    (error.name === 'InvalidSignatureException' && error.message?.includes('Signature expired') === true) ||
    TRANSIENT_CODES.has(error.name ?? '') ||
    NODE_TRANSIENT_CODES.has(error.code ?? '') ||
    TRANSIENT_STATUSES.has(error.$metadata?.httpStatusCode ?? 0) ||
    (error.code === 'ERR_HTTP2_STREAM_ERROR' && error.message?.includes('NGHTTP2_REFUSED_STREAM') === true) ||
    (error.cause !== undefined && depth <= 10 && isTransient(error.cause, depth + 1))
  );
}

/** One call's attempts: how many retries it has had, and what its last one took from the quota. */
export interface Attempts {
  retries: number;
  cost?: number;
}

/** A client's retries: the quota its calls share. */
export class RetryQuota {
  private capacity = QUOTA;

  /**
   * After a failed attempt: the delay before the next one (its cost taken from the quota, `attempts` moved on), or
   * undefined when the failure is not retried (not throttling or transient, the attempts spent, the quota short).
   */
  retryAfter(failure: unknown, attempts: Attempts): number | undefined {
    const throttling = isThrottling(failure);
    if (!throttling && !isTransient(failure)) return undefined;
    const cost = throttling ? THROTTLING_RETRY_COST : RETRY_COST;
    if (attempts.retries + 1 >= MAX_ATTEMPTS || this.capacity < cost) return undefined;
    this.capacity -= cost;
    const base = throttling ? THROTTLING_DELAY_BASE_MS : DELAY_BASE_MS;
    const delay = Math.floor(Math.random() * Math.min(base * 2 ** attempts.retries, MAX_DELAY_MS));
    attempts.retries += 1;
    attempts.cost = cost;
    return delay;
  }

  /** After a call's success: what its last retry took goes back to the quota (1 when it had none). */
  recordSuccess(attempts: Attempts): void {
    this.capacity = Math.min(QUOTA, this.capacity + (attempts.cost ?? NO_RETRY_INCREMENT));
  }

  /** What is left of the quota. */
  get available(): number {
    return this.capacity;
  }
}
