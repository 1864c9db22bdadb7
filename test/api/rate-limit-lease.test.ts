import { randomInt } from 'node:crypto';
import { findAccount } from '../../functions/accounts/account-store';
import type { Principal } from '../../functions/core/auth/principal';
import { GetCommand } from '../../functions/core/db/document';
import { db, onDynamoDbClient } from '../../functions/core/db/client';
import { accountRateLimitKey } from '../../functions/core/db/keys';
import { WRITTEN_KEYS_HEADER, parseWrittenKeys } from '../../functions/core/db/capacity';
import type { ApiError } from '../../functions/core/errors/classes';
import { rng } from '../support/fault-injector';
import { api, newAccount } from '../support/api';

type Limiter = typeof import('../../functions/core/auth/rate-limit');

/** A function instance of its own: a fresh copy of the limiter's module, so leases of its own. */
function newInstance(): Limiter {
  let limiter: Limiter | undefined;
  jest.isolateModules(() => {
    limiter = jest.requireActual<Limiter>('../../functions/core/auth/rate-limit');
  });
  return limiter!;
}

// The hooks reach every copy of the DynamoDB client (they live on globalThis): the writes of each account's counter.
const counterWrites = new Map<string, number>();
onDynamoDbClient((client) =>
  client.middlewareStack.add(
    (next, context) => (args) => {
      const target = /RATELIMIT#ACCOUNT#([^"]+)/.exec(JSON.stringify(args.input))?.[1];
      if (target && context.commandName !== 'GetItemCommand')
        counterWrites.set(target, (counterWrites.get(target) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize' },
  ),
);

/** A new account whose limit is `limit` writes a minute, as a principal the limiter takes. */
async function limitedTo(limit: number): Promise<Principal> {
  const { accountId } = await newAccount();
  const account = { ...(await findAccount(accountId))!, rateLimitPerMinute: limit };
  return { kind: 'apiKey', accountId, account, keyName: 'lease', role: 'account-owner', crn: `crn:test:${accountId}` };
}

/** Undefined when admitted, else the Retry-After (s). */
async function write(instance: Limiter, principal: Principal, at: number): Promise<number | undefined> {
  try {
    await instance.enforceRateLimit(principal, new Date(at));
    return undefined;
  } catch (error) {
    // The instance's own copy of ApiError: not the class this file imports.
    const refused = error as ApiError;
    if (refused.statusCode !== 429) throw error;
    return Number(refused.headers['retry-after']);
  }
}

const bucketOf = (t: number) => Math.floor(t / 5_000);
const START = Date.UTC(2032, 5, 1, 9, 0, 0);
/** Admissions at times in `admitted` within [from, to]. */
const within = (admitted: number[], from: number, to: number) => admitted.filter((t) => t >= from && t <= to).length;

describe('leased admissions of the shared write counter', () => {
  it('counts a busy account’s writes in blocks: far fewer counter writes than requests, through the API', async () => {
    const owner = await newAccount();
    const requests = 48;
    let counted = 0;
    for (let i = 0; i < requests; i++) {
      const res = await api('PUT', `/api/accounts/${owner.accountId}`, { key: owner.apiKey, body: { name: `n${i}` } });
      expect(res.status).toBe(200);
      const keys = parseWrittenKeys(res.headers.get(WRITTEN_KEYS_HEADER));
      if (keys.some((k) => k.PK === `RATELIMIT#ACCOUNT#${owner.accountId}`)) counted++;
      // A quiet account's first write counts itself alone, as without leases.
      if (i === 0) expect(counted).toBe(1);
    }
    // Leases of 1, 2, 4, 8, then 16 per write, halved when a 5-second bucket ends with some left.
    expect(counted).toBeLessThanOrEqual(requests / 4);
  });

  it('admits exactly the limit when instances lease from one window at once, with few counter writes', async () => {
    const limit = 400;
    const principal = await limitedTo(limit);
    const instances = Array.from({ length: 4 }, newInstance);
    let admitted = 0;
    let requests = 0;
    // Each instance writes until the limit refuses it (a Retry-After of 1 s is a lost race: it writes on).
    await Promise.all(
      instances.map(async (instance) => {
        for (let i = 0; ; i++) {
          requests++;
          const retryAfter = await write(instance, principal, START + i);
          if (retryAfter === undefined) admitted++;
          else if (retryAfter > 1) return;
        }
      }),
    );
    // Every lease spent before its instance was refused: none left unused, none beyond the limit.
    expect(admitted).toBe(limit);
    expect(requests).toBeGreaterThan(limit);
    expect(counterWrites.get(principal.accountId)).toBeLessThanOrEqual(limit / 4);
  });

  const SEED = Number(process.env.RATE_LIMIT_SEED ?? randomInt(1 << 30));
  // Some 12 s alone, past the default 30 s once in a full run on two cores: hence a timeout of its own.
  it(`admits at most the limit in any 60 s across instances and buckets (RATE_LIMIT_SEED=${SEED})`, async () => {
    const limit = 100;
    const principal = await limitedTo(limit);
    const instances = Array.from({ length: 4 }, newInstance);
    const random = rng(SEED);
    const admitted: number[] = [];
    let at = START + Math.floor(random() * 60_000);
    for (let step = 0; step < 90; step++) {
      // Each instance writes a run of requests, the runs of all instances at once, then pauses of up to 3 s.
      const runs = instances.map(() => Math.floor(random() * 10));
      await Promise.all(
        instances.map(async (instance, n) => {
          for (let i = 0; i < runs[n]; i++) if ((await write(instance, principal, at)) === undefined) admitted.push(at);
        }),
      );
      at += Math.floor(random() * 3000);
    }
    for (const start of admitted) expect(within(admitted, start, start + 60_000)).toBeLessThanOrEqual(limit);
    expect(admitted.length).toBeGreaterThan(limit);
  }, 120_000);

  it('drops what a lease left when its bucket ends: unspent admissions refuse earlier, never admit more', async () => {
    const limit = 100;
    const principal = await limitedTo(limit);
    const [busy, other, third] = Array.from({ length: 3 }, newInstance);
    const until = async (instance: Limiter, at: number) => {
      let admitted = 0;
      while ((await write(instance, principal, at)) === undefined) admitted++;
      return admitted;
    };
    const t0 = START + 1_200_000;
    // Leases of 1, 2 and 4: four writes admitted, seven counted, three left to spend in t0's bucket.
    for (let i = 0; i < 4; i++) expect(await write(busy, principal, t0)).toBeUndefined();
    // Another instance 30 s later is refused three before the limit: the price of the unspent three.
    expect(await until(other, t0 + 30_000)).toBe(limit - 7);
    // Once t0's bucket has left the window its seven are free again, and a third instance takes them ...
    const later = t0 + 65_000;
    expect(await until(third, later)).toBe(7);
    // ... so the busy instance, whose three unspent admissions were of a bucket that has left, is refused.
    expect(await write(busy, principal, later)).toBeGreaterThan(1);
  });

  it('never refuses a quiet account below its limit: one write per instance per bucket leases one', async () => {
    const limit = 60;
    const principal = await limitedTo(limit);
    const instances = Array.from({ length: 8 }, newInstance);
    const admitted: number[] = [];
    const refused: number[] = [];
    for (let bucket = 0; bucket < 20; bucket++) {
      const times = instances.map(() => START + 600_000 + bucket * 5_000 + randomInt(5_000));
      const outcomes = await Promise.all(instances.map((instance, n) => write(instance, principal, times[n])));
      for (const [n, outcome] of outcomes.entries()) (outcome === undefined ? admitted : refused).push(times[n]);
    }
    // Refused only when the 13 buckets up to its own had admitted the whole limit (writes of one bucket run at once),
    // and the window counts exactly what it admitted: no admission was leased and left unspent.
    const windowOf = (t: number) => within(admitted, (bucketOf(t) - 12) * 5_000, (bucketOf(t) + 1) * 5_000 - 1);
    for (const t of refused) expect(windowOf(t)).toBeGreaterThanOrEqual(limit);
    expect(refused.length).toBeGreaterThan(0);
    const item = await db().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: accountRateLimitKey(principal.accountId) }),
    );
    expect(item.Item?.counted).toBe(windowOf(Math.max(...admitted)));
  });
});
