/** Deliveries are retried for this long after their event, then given up (the specification's two weeks). */
export const GIVE_UP_AFTER_MS = 14 * 24 * 3600 * 1000;
/** No wait between two attempts is longer than this. */
export const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * Base of the backoff (WEBHOOK_RETRY_BASE_SECONDS may change it); tests reach retries through test clocks instead
 * (docs/api/test-clock.md).
 */
export const retryBaseSeconds = () => Number(process.env.WEBHOOK_RETRY_BASE_SECONDS ?? 30);

/**
 * Exponential backoff with full jitter: after the nth failed attempt, a uniformly random wait up to
 * base·2^(n-1), capped. The jitter spreads the retries of many deliveries that failed together
 * (a receiver outage) so they do not all return to the receiver at the same moment.
 */
export function retryDelaySeconds(failedAttempts: number, baseSeconds: number, random: number): number {
  return random * Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 2 ** (failedAttempts - 1));
}

/**
 * When to try again after `failedAttempts` failures, or undefined to give up: no attempt is
 * scheduled later than two weeks after `retriedFrom` (the event, or when a redelivery was asked for).
 */
export function nextAttemptAt(
  failedAttempts: number,
  retriedFrom: string,
  now: Date,
  baseSeconds: number,
  random: number,
): Date | undefined {
  const next = new Date(now.getTime() + Math.round(retryDelaySeconds(failedAttempts, baseSeconds, random) * 1000));
  return next.getTime() - Date.parse(retriedFrom) > GIVE_UP_AFTER_MS ? undefined : next;
}
