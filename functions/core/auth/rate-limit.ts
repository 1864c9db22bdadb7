import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { rateLimitEntity, type RateLimitWindow } from '../db/keys';
import { tooManyRequests } from '../errors/classes';
import { countMetric, METRIC } from '../observability';
import type { Principal } from './principal';

/**
 * Sliding-window limits: requests per account, and failed authentications per source address.
 *
 * Per account, two counters with the same window (below): every request of the account that a
 * function instance serves is counted in that instance's memory (`admitInInstance`, no DynamoDB
 * call, so a read costs no write unit), and every write (any method but GET) is also counted in one
 * DynamoDB item per account shared by every instance (`enforceRateLimit`). So writes are limited
 * exactly across instances; reads are limited per instance, and API Gateway's stage throttle bounds
 * what many instances together let through. Failed authentications per source address are counted
 * in one DynamoDB item per address.
 *
 * The item holds the counts of the last 13 buckets of 5 s (`slots`, a ring indexed by bucket
 * mod 13), the newest bucket (`head`) and the sum of the slots (`counted`). A request at time t,
 * in bucket c, is admitted iff fewer than `limit` are counted in buckets c-12..c, which cover
 * [t - 60 s, t]: an admitted request stays counted for 60 to 65 s.
 *
 * Bound: in any 60-second span at most `limit` requests are admitted, a request's time being
 * the later of its clock and the start of the newest bucket already recorded (they differ only
 * for a request that raced a newer one across a bucket boundary: it is counted in the newer
 * bucket, never in an older one). Proof: of the k requests admitted in a span [s, s + 60], let
 * r be the last written. Every bucket recorded before r is at most r's bucket, and r's bucket is
 * at most bucket(s) + 12, so all k lie in r's 13 buckets; the k - 1 others were written before
 * r, hence counted when r's conditional write required `counted < limit`: k - 1 < limit.
 */
const BUCKET_MS = 5_000;
const SLOTS = 13;
/** A request whose writes keep losing to concurrent ones of the same subject is refused (Retry-After 1). */
const MAX_ATTEMPTS = 4;

type Window = Pick<RateLimitWindow, 'head' | 'counted' | 'slots'>;

/** Whose window: an account's requests, or a source address's failed authentications. */
type Subject = Pick<RateLimitWindow, 'subject' | 'scope'>;

/** The account's limit: its own `rateLimitPerMinute`, else the platform default. */
const limitOf = (principal: Principal) => principal.account.rateLimitPerMinute ?? config().rateLimitPerMinute;

/** Per account, shared by every instance through DynamoDB (writes): 429 beyond the account's limit. */
export async function enforceRateLimit(principal: Principal, now: Date): Promise<void> {
  const retryAt = await record({ subject: 'ACCOUNT', scope: principal.accountId }, limitOf(principal), now.getTime());
  if (retryAt !== undefined) throw refusal(retryAt, now.getTime());
}

/** This instance's windows per account (same buckets as the stored ones), bounded like the blocked sources. */
const instanceWindows = new Map<string, Window>();
const MAX_INSTANCE_WINDOWS = 10_000;

/**
 * Counts the request in this function instance's own window of the account: 429 once the account's
 * limit is counted here in the last 60 to 65 s. No DynamoDB call.
 */
export function admitInInstance(principal: Principal, now: Date): void {
  const nowMs = now.getTime();
  const limit = limitOf(principal);
  const window = slide(instanceWindows.get(principal.accountId), nowMs);
  if (window.counted >= limit) throw refusal(nextAdmission(window, limit), nowMs);
  window.slots[window.head % SLOTS] += 1;
  window.counted += 1;
  instanceWindows.delete(principal.accountId);
  if (instanceWindows.size >= MAX_INSTANCE_WINDOWS) instanceWindows.delete(instanceWindows.keys().next().value!);
  instanceWindows.set(principal.accountId, window);
}

/**
 * Sources refused until the time held (ms), so a refused source's further attempts cost no
 * DynamoDB call in this Lambda. Exact: until then no bucket leaves the window early enough, and
 * other Lambdas can only add failures.
 */
const blockedSources = new Map<string, number>();
const MAX_BLOCKED_SOURCES = 10_000;

/** Refuses (429), with no DynamoDB call, a source address this instance refused and whose refusal still holds. */
export function refuseBlockedSource(sourceIp: string | undefined, now: Date): void {
  const scope = sourceScope(sourceIp);
  const blockedUntil = blockedSources.get(scope);
  if (blockedUntil !== undefined && blockedUntil > now.getTime()) throw refusal(blockedUntil, now.getTime());
  blockedSources.delete(scope);
}

/**
 * Refuses (429) a source address whose failed authentications reached the limit, read alongside the
 * key lookup (authenticate.ts), valid keys included. An eventually consistent read: a stale count
 * only lets an attempt through to `recordAuthenticationFailure`, which is exact.
 */
export async function refuseFailingSource(sourceIp: string | undefined, now: Date): Promise<void> {
  refuseBlockedSource(sourceIp, now);
  const scope = sourceScope(sourceIp);
  const nowMs = now.getTime();
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: rateLimitEntity.key('SOURCE', scope) }),
  );
  const window = slide(out.Item && rateLimitEntity.parse(out.Item), nowMs);
  const limit = config().unauthenticatedRateLimitPerMinute;
  if (window.counted >= limit) throw block(scope, nextAdmission(window, limit), nowMs);
}

/** Counts a failed authentication of the source address: 429 instead of 401 once it is over the limit. */
export async function recordAuthenticationFailure(sourceIp: string | undefined, now: Date): Promise<void> {
  const scope = sourceScope(sourceIp);
  const retryAt = await record({ subject: 'SOURCE', scope }, config().unauthenticatedRateLimitPerMinute, now.getTime());
  if (retryAt !== undefined) throw block(scope, retryAt, now.getTime());
}

/**
 * The unit a source is counted in: an IPv4 address, or the /64 of an IPv6 one (a single client
 * usually holds a whole /64, and could otherwise rotate addresses within it).
 */
export function sourceScope(sourceIp: string | undefined): string {
  if (!sourceIp) return 'unknown';
  const ip = sourceIp.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!ip.includes(':')) return ip;
  const [left, right] = ip.split('::').map((half) => (half ? half.split(':') : []));
  const groups = right
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function block(scope: string, retryAt: number, nowMs: number) {
  if (blockedSources.size >= MAX_BLOCKED_SOURCES) blockedSources.delete(blockedSources.keys().next().value!);
  blockedSources.set(scope, retryAt);
  return refusal(retryAt, nowMs);
}

const refusal = (retryAt: number, nowMs: number) => {
  countMetric(METRIC.rateLimitRefusals);
  return tooManyRequests(Math.ceil((retryAt - nowMs) / 1000));
};

const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS);

/**
 * Counts one request against the subject if fewer than `limit` are counted in its window.
 * Returns undefined once counted, else when a retry would be admitted (ms). One conditional
 * update when the item is already at this bucket; when it is not (the first request of a
 * bucket, or a first request ever), the failed condition returns the item and the next write
 * moves its window on (`advance`) or creates it. A write fails again only if another request
 * moved the window or created the item first: the third then counts in the window it made.
 */
async function record(subject: Subject, limit: number, nowMs: number): Promise<number | undefined> {
  let failed = await conditionally(increment(subject, bucketOf(nowMs), limit));
  for (let attempt = 1; failed && attempt < MAX_ATTEMPTS; attempt++) {
    const current = failed.item;
    const window = slide(current, nowMs);
    if (window.counted >= limit) return nextAdmission(window, limit);
    failed = await conditionally(
      !current
        ? create(subject, window.head)
        : current.head === window.head
          ? increment(subject, window.head, limit)
          : advance(subject, current, window, limit),
    );
  }
  return failed ? nowMs + 1000 : undefined;
}

/**
 * The window as of now, or as of its head if that is newer (another Lambda's clock ran ahead,
 * or a request raced this one): the buckets that have left it are emptied.
 */
function slide(window: Window | undefined, nowMs: number): Window {
  const head = Math.max(bucketOf(nowMs), window?.head ?? 0);
  const slots = Array<number>(SLOTS).fill(0);
  if (window) for (let b = head - SLOTS + 1; b <= window.head; b++) slots[b % SLOTS] = window.slots[b % SLOTS];
  return { head, counted: slots.reduce((sum, n) => sum + n, 0), slots };
}

/** When the oldest buckets will have left the window enough for one more request (ms). */
function nextAdmission(window: Window, limit: number): number {
  let remaining = window.counted;
  for (let b = window.head - SLOTS + 1; b < window.head; b++) {
    remaining -= window.slots[b % SLOTS];
    if (remaining < limit) return (b + SLOTS) * BUCKET_MS;
  }
  return (window.head + SLOTS) * BUCKET_MS;
}

function increment(subject: Subject, bucket: number, limit: number): Promise<unknown> {
  const slot = `slots[${bucket % SLOTS}]`;
  return db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: rateLimitEntity.key(subject.subject, subject.scope),
      UpdateExpression: `SET ${slot} = ${slot} + :one, counted = counted + :one`,
      ConditionExpression: 'head = :bucket AND counted < :limit',
      ExpressionAttributeValues: { ':one': 1, ':bucket': bucket, ':limit': limit },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }),
  );
}

/** The subject's first window, holding only this request, if no request created it meanwhile. */
function create(subject: Subject, head: number): Promise<unknown> {
  return db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: rateLimitEntity.item({ ...subject, head, counted: 1, slots: onlyThisRequest(head) }, { ttl: expiry(head) }),
      ConditionExpression: 'attribute_not_exists(PK)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }),
  );
}

/**
 * Moves the window from `current.head` to `next.head` and counts this request there, if the head is
 * still `current.head` and the buckets still in the window hold fewer than `limit`. Requests of the
 * old head may count meanwhile (`increment` adds to its slot and to `counted` only): the buckets that
 * leave are emptied slot by slot and `counted` is lowered by what they held, so no such count is
 * lost, and the condition reads `counted` as it is then. Those buckets change only with the head:
 * what they held is what `current` shows. Past a whole window (13 buckets) every slot leaves, the
 * old head's too, whose requests are then older than the window.
 */
function advance(subject: Subject, current: Window, next: Window, limit: number): Promise<unknown> {
  const key = rateLimitEntity.key(subject.subject, subject.scope);
  const base = { TableName: config().tableName, Key: key, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const };
  if (next.head - current.head >= SLOTS) {
    return db().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: 'SET head = :next, slots = :slots, counted = :one, #ttl = :ttl',
        ConditionExpression: 'head = :head',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':head': current.head,
          ':next': next.head,
          ':slots': onlyThisRequest(next.head),
          ':one': 1,
          ':ttl': expiry(next.head),
        },
      }),
    );
  }
  const leaving: number[] = [];
  for (let b = current.head + 1; b <= next.head; b++) leaving.push(b % SLOTS);
  const left = leaving.reduce((sum, slot) => sum + current.slots[slot], 0);
  const emptied = leaving.map((slot) => `slots[${slot}] = ${slot === next.head % SLOTS ? ':one' : ':zero'}`);
  return db().send(
    new UpdateCommand({
      ...base,
      UpdateExpression: `SET head = :next, ${emptied.join(', ')}, counted = counted + :change, #ttl = :ttl`,
      ConditionExpression: 'head = :head AND counted < :bound',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':head': current.head,
        ':next': next.head,
        ':one': 1,
        // DynamoDB refuses a value the expressions do not use: none is emptied when the head moves one bucket.
        ...(leaving.length > 1 ? { ':zero': 0 } : {}),
        ':change': 1 - left,
        ':bound': limit + left,
        ':ttl': expiry(next.head),
      },
    }),
  );
}

/** A window's slots when it holds only the request being counted, in bucket `head`. */
function onlyThisRequest(head: number): number[] {
  const slots = Array<number>(SLOTS).fill(0);
  slots[head % SLOTS] = 1;
  return slots;
}

/** Housekeeping (the table's TTL): an item whose every bucket has left the window. */
const expiry = (head: number) => ((head + SLOTS) * BUCKET_MS) / 1000;

/**
 * Undefined once written; else the item the failed condition saw (its values come back unconverted: unmarshalled, then
 * parsed).
 */
async function conditionally(write: Promise<unknown>): Promise<{ item?: Window } | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { item: error.Item && rateLimitEntity.parse(unmarshall(error.Item)) };
  }
}
