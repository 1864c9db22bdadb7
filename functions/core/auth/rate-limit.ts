import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '../db/document';
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
 * mod 13), the newest bucket (`head`) and the sum of the slots (`counted`). One conditional write
 * counts a block of k admissions in one bucket b, iff `counted + k <= limit` over buckets b-12..b,
 * which cover [t - 60 s, t] for a time t in b: a count stays in the window for 60 to 65 s.
 *
 * Leases: an instance counts writes of an account in blocks (`leaseSize`): the write that counts
 * k in bucket b admits its request and leaves k - 1 admissions that this instance spends, with no
 * DynamoDB call, on the account's next writes whose clock is in b, and never in a later bucket
 * (what is left when the bucket moves on is dropped). k is 1 for an account the instance has not
 * seen busy, so a quiet account costs one write per request as without leases and is refused only
 * once `limit` requests are counted; it doubles while the instance uses its leases up within a
 * bucket (up to 16, and a twentieth of the limit), halves when a bucket ends with some left, and
 * shrinks to what is left of the limit when `counted + k` would pass it.
 *
 * Bound: in any 60-second span at most `limit` requests are admitted, a request's time being the
 * later of its clock and the start of the bucket its admission is counted in (they differ only for
 * a request that raced a newer one across a bucket boundary: it is counted in the newer bucket,
 * never in an older one; a leased admission is spent only in its own bucket). Proof: take the
 * writes that counted the requests admitted in a span [s, s + 60], and let w be the last of them.
 * Heads only move forward, so every one of those writes counted in a bucket at most w's bucket,
 * which is at most bucket(s) + 12; and each counted in the bucket of one of its requests' times,
 * at least bucket(s). So all of them lie in w's 13 buckets, and those written before w were counted
 * when w's condition required `counted + k <= limit`: together they counted at most `limit`
 * admissions, and the span's requests spent some of them. Admissions leased but never spent stay
 * counted: they only make the account refused earlier, never admit more than `limit`.
 *
 * That price: each instance leaves at most k - 1 < min(16, limit / 20) admissions unspent per
 * bucket, and only in a bucket where it was busy (spent a lease and more); an account refused by
 * the shared window has had at least `limit` minus those leftovers admitted in the last 65 s.
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

/** The most admissions one write leases: at most this many, and at most a `LEASE_SHARE`th of the limit. */
const MAX_LEASE = 16;
const LEASE_SHARE = 20;

/** Admissions this instance leased of an account in `bucket` and has not spent, and the size of that lease. */
interface Lease {
  bucket: number;
  remaining: number;
  size: number;
}

/** Per instance and account, bounded like the windows below. */
const leases = new Map<string, Lease>();

/**
 * Per account, shared by every instance through DynamoDB (writes): 429 beyond the account's limit. A
 * write spends an admission this instance leased in the current bucket, else counts a lease (above).
 */
export async function enforceRateLimit(principal: Principal, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const bucket = bucketOf(nowMs);
  const held = leases.get(principal.accountId);
  if (held?.bucket === bucket && held.remaining > 0) {
    held.remaining -= 1;
    return;
  }
  const limit = limitOf(principal);
  const size = leaseSize(held, bucket, limit);
  const counted = await record({ subject: 'ACCOUNT', scope: principal.accountId }, limit, nowMs, size);
  if ('retryAt' in counted) throw refusal(counted.retryAt, nowMs);
  // Another request of this instance may have leased meanwhile: in the same bucket both leases are spendable.
  const current = leases.get(principal.accountId);
  if (current && current.bucket > counted.bucket) return;
  const left = current?.bucket === counted.bucket ? current.remaining : 0;
  remember(leases, principal.accountId, { bucket: counted.bucket, remaining: left + counted.size - 1, size });
}

/**
 * How many admissions to lease in `bucket`: 1 unless the last lease was of this bucket or the one
 * before; twice the last when it was spent within this bucket; as much when the last bucket spent its
 * lease, half when it left some; never more than `MAX_LEASE` or a `LEASE_SHARE`th of the limit.
 */
function leaseSize(last: Lease | undefined, bucket: number, limit: number): number {
  const cap = Math.min(MAX_LEASE, Math.floor(limit / LEASE_SHARE));
  let size = 1;
  if (last?.bucket === bucket) size = last.size * 2;
  else if (last?.bucket === bucket - 1) size = last.remaining > 0 ? Math.floor(last.size / 2) : last.size;
  return Math.max(1, Math.min(cap, size));
}

/** This instance's windows per account (same buckets as the stored ones). */
const instanceWindows = new Map<string, Window>();

/** Keeps `value` as the newest entry of `map`, forgetting the oldest: an instance's memory stays bounded. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value!);
  map.set(key, value);
}
const MAX_REMEMBERED = 10_000;

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
  remember(instanceWindows, principal.accountId, window);
}

/**
 * Sources refused until the time held (ms), so a refused source's further attempts cost no
 * DynamoDB call in this Lambda. Exact: until then no bucket leaves the window early enough, and
 * other Lambdas can only add failures.
 */
const blockedSources = new Map<string, number>();

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
  const limit = config().unauthenticatedRateLimitPerMinute;
  const counted = await record({ subject: 'SOURCE', scope }, limit, now.getTime(), 1);
  if ('retryAt' in counted) throw block(scope, counted.retryAt, now.getTime());
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
  remember(blockedSources, scope, retryAt);
  return refusal(retryAt, nowMs);
}

const refusal = (retryAt: number, nowMs: number) => {
  countMetric(METRIC.rateLimitRefusals);
  return tooManyRequests(Math.ceil((retryAt - nowMs) / 1000));
};

const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS);

/** What `record` counted: `size` admissions in `bucket`; or when a retry would be admitted (ms). */
type Counted = { bucket: number; size: number } | { retryAt: number };

/**
 * Counts `size` admissions (at most the limit) against the subject if the window holds at most
 * `limit - size`, else fewer: what is left of the limit, down to 1. One conditional update when the
 * item is already at this bucket; when it is not (the first request of a bucket, or a first request
 * ever), the failed condition returns the item and the next write moves its window on (`advance`) or
 * creates it. A write fails again only if another request moved the window, created the item or took
 * what was left first: the next one counts in the window that request made.
 */
async function record(subject: Subject, limit: number, nowMs: number, wanted: number): Promise<Counted> {
  let bucket = bucketOf(nowMs);
  let size = wanted;
  let failed = await conditionally(increment(subject, bucket, limit, size));
  for (let attempt = 1; failed && attempt < MAX_ATTEMPTS; attempt++) {
    const current = failed.item;
    const window = slide(current, nowMs);
    if (window.counted >= limit) return { retryAt: nextAdmission(window, limit) };
    size = Math.min(size, limit - window.counted);
    bucket = window.head;
    failed = await conditionally(
      !current
        ? create(subject, bucket, size)
        : current.head === bucket
          ? increment(subject, bucket, limit, size)
          : advance(subject, current, window, limit, size),
    );
  }
  return failed ? { retryAt: nowMs + 1000 } : { bucket, size };
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

function increment(subject: Subject, bucket: number, limit: number, size: number): Promise<unknown> {
  const slot = `slots[${bucket % SLOTS}]`;
  return db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: rateLimitEntity.key(subject.subject, subject.scope),
      UpdateExpression: `SET ${slot} = ${slot} + :size, counted = counted + :size`,
      ConditionExpression: 'head = :bucket AND counted <= :room',
      ExpressionAttributeValues: { ':size': size, ':bucket': bucket, ':room': limit - size },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }),
  );
}

/** The subject's first window, holding only this lease, if no request created it meanwhile. */
function create(subject: Subject, head: number, size: number): Promise<unknown> {
  return db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: rateLimitEntity.item(
        { ...subject, head, counted: size, slots: onlyThisLease(head, size) },
        { ttl: expiry(head) },
      ),
      ConditionExpression: 'attribute_not_exists(PK)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }),
  );
}

/**
 * Moves the window from `current.head` to `next.head` and counts this lease there, if the head is
 * still `current.head` and the buckets still in the window hold at most `limit - size`. Requests of the
 * old head may count meanwhile (`increment` adds to its slot and to `counted` only): the buckets that
 * leave are emptied slot by slot and `counted` is lowered by what they held, so no such count is
 * lost, and the condition reads `counted` as it is then. Those buckets change only with the head:
 * what they held is what `current` shows. Past a whole window (13 buckets) every slot leaves, the
 * old head's too, whose requests are then older than the window.
 */
function advance(subject: Subject, current: Window, next: Window, limit: number, size: number): Promise<unknown> {
  const key = rateLimitEntity.key(subject.subject, subject.scope);
  const base = { TableName: config().tableName, Key: key, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const };
  if (next.head - current.head >= SLOTS) {
    return db().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: 'SET head = :next, slots = :slots, counted = :size, #ttl = :ttl',
        ConditionExpression: 'head = :head',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':head': current.head,
          ':next': next.head,
          ':slots': onlyThisLease(next.head, size),
          ':size': size,
          ':ttl': expiry(next.head),
        },
      }),
    );
  }
  const leaving: number[] = [];
  for (let b = current.head + 1; b <= next.head; b++) leaving.push(b % SLOTS);
  const left = leaving.reduce((sum, slot) => sum + current.slots[slot], 0);
  const emptied = leaving.map((slot) => `slots[${slot}] = ${slot === next.head % SLOTS ? ':size' : ':zero'}`);
  return db().send(
    new UpdateCommand({
      ...base,
      UpdateExpression: `SET head = :next, ${emptied.join(', ')}, counted = counted + :change, #ttl = :ttl`,
      ConditionExpression: 'head = :head AND counted <= :room',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':head': current.head,
        ':next': next.head,
        ':size': size,
        // DynamoDB refuses a value the expressions do not use: none is emptied when the head moves one bucket.
        ...(leaving.length > 1 ? { ':zero': 0 } : {}),
        ':change': size - left,
        ':room': limit - size + left,
        ':ttl': expiry(next.head),
      },
    }),
  );
}

/** A window's slots when it holds only the lease being counted, in bucket `head`. */
function onlyThisLease(head: number, size: number): number[] {
  const slots = Array<number>(SLOTS).fill(0);
  slots[head % SLOTS] = size;
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
