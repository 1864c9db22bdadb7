import { randomInt } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { findAccount } from '../../functions/accounts/account-store';
import { handler as accountsHandler } from '../../functions/lambda/accounts';
import { enforceRateLimit } from '../../functions/core/auth/rate-limit';
import type { Principal } from '../../functions/core/auth/principal';
import { onDynamoDbClient } from '../../functions/core/db/client';
import { ApiError } from '../../functions/core/errors/classes';
import { rng } from '../support/fault-injector';
import { api, newAccount, seed, type TestAccount } from '../support/api';

// The handlers this file runs in-process read this (its own copy of the environment, its own
// config); the shared platform keeps the generous limit global-setup gives every other file.
process.env.UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE = '5';

// Which DynamoDB commands this worker's handlers send, to show what a refused attempt costs.
const commands: string[] = [];
onDynamoDbClient((client) =>
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  ),
);

const RATE_LIMITED = { statusCode: 429, error: 'Too Many Requests', message: 'RATE_LIMIT_EXCEEDED' };

describe('rate limiting', () => {
  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After once an account passes its limit', async () => {
    const owner = await newAccount();
    const set = await api('PUT', `/api/accounts/${owner.accountId}/rate-limit`, {
      key: seed().operatorApiKey,
      body: { rateLimitPerMinute: 5 },
    });
    expect(set.body.rateLimitPerMinute).toBe(5);
    const results = [];
    for (let i = 0; i < 8; i++)
      results.push(await api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey }));
    // The window slides: no rollover lets more through.
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(results[5].body).toEqual(RATE_LIMITED);
    // A request stays counted 60 to 65 s (5-second buckets), so the first is forgotten within 65 s.
    const retryAfter = Number(results[5].headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(65);
    // Another account is not affected.
    const other = await newAccount();
    expect((await api('GET', `/api/accounts/${other.accountId}`, { key: other.apiKey })).status).toBe(200);
  });

  it('lets only the operator change limits', async () => {
    const owner = await newAccount();
    const denied = await api('PUT', `/api/accounts/${owner.accountId}/rate-limit`, {
      key: owner.apiKey,
      body: { rateLimitPerMinute: 100000 },
    });
    expect(denied.status).toBe(403);
  });
});

/** The limiter driven directly, at explicit times, against DynamoDB Local. */
describe('sliding window', () => {
  async function principalLimitedTo(limit: number): Promise<Principal> {
    const { accountId } = await newAccount();
    const account = { ...(await findAccount(accountId))!, rateLimitPerMinute: limit };
    return {
      kind: 'apiKey',
      accountId,
      account,
      keyName: 'limited',
      role: 'account-owner',
      crn: `crn:test:${accountId}`,
    };
  }

  /** Undefined when admitted, else the Retry-After in seconds. */
  async function attempt(principal: Principal, at: number): Promise<number | undefined> {
    try {
      await enforceRateLimit(principal, new Date(at));
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
      expect(error.toBody()).toEqual(RATE_LIMITED);
      return Number(error.headers['retry-after']);
    }
  }

  const admitted = (outcomes: (number | undefined)[]) => outcomes.filter((o) => o === undefined).length;
  const MINUTE = Date.UTC(2031, 0, 1, 12, 0, 0);

  it(
    'lets no more than the limit through across a minute boundary, even concurrently, and says exactly when to ' +
      'retry',
    async () => {
      const principal = await principalLimitedTo(5);
      // A fixed window would admit 5 just before the minute and 5 more just after it.
      const before = await Promise.all(Array.from({ length: 8 }, () => attempt(principal, MINUTE - 100)));
      const after = await Promise.all(Array.from({ length: 8 }, () => attempt(principal, MINUTE + 100)));
      expect(admitted(before)).toBe(5);
      expect(admitted(after)).toBe(0);
      // The first five are counted until MINUTE + 60 s: from MINUTE + 100 ms that is 59.9 s, Retry-After 60.
      expect(after).toEqual(Array(8).fill(60));
      expect(await attempt(principal, MINUTE + 100 + 59_000)).toBe(1);
      expect(await attempt(principal, MINUTE + 100 + 60_000)).toBeUndefined();
      // Minutes later every bucket has left the window: five are admitted again, concurrently, and no sixth.
      expect(admitted(await Promise.all(Array.from({ length: 8 }, () => attempt(principal, MINUTE + 300_000))))).toBe(
        5,
      );
    },
  );

  it(
    'admits every request of an account well within its ' + 'limit when concurrent ones straddle a bucket boundary',
    async () => {
      const principal = await principalLimitedTo(10_000);
      // Requests of the ending bucket keep counting while those of the next one move the window on.
      for (let boundary = 1; boundary <= 6; boundary++) {
        const edge = MINUTE + boundary * 5_000;
        const outcomes = await Promise.all(
          Array.from({ length: 32 }, (_, i) => attempt(principal, i % 2 ? edge - 1 - i : edge + i)),
        );
        expect(outcomes).toEqual(Array(32).fill(undefined));
      }
    },
  );

  const SEED = Number(process.env.RATE_LIMIT_SEED ?? randomInt(1 << 30));
  const bursts =
    'never admits more than the limit in any 60 seconds of bursty traffic, ' +
    `and refuses only when the last 65 s used it up (RATE_LIMIT_SEED=${SEED})`;
  it(bursts, async () => {
    const limit = 7;
    const principal = await principalLimitedTo(limit);
    const random = rng(SEED);
    const admittedAt: number[] = [];
    const refusedAt: number[] = [];
    let at = MINUTE + Math.floor(random() * 60_000);
    while (admittedAt.length + refusedAt.length < 200) {
      // Bursts of simultaneous requests, then pauses of up to 3 s.
      const burst = 1 + Math.floor(random() * 4);
      const outcomes = await Promise.all(Array.from({ length: burst }, () => attempt(principal, at)));
      for (const outcome of outcomes) (outcome === undefined ? admittedAt : refusedAt).push(at);
      at += Math.floor(random() * 3000);
    }
    const within = (from: number, to: number) => admittedAt.filter((t) => t >= from && t <= to).length;
    for (const start of admittedAt) expect(within(start, start + 60_000)).toBeLessThanOrEqual(limit);
    // The price of the bound is small: a request is forgotten within 65 s, not 60.
    for (const t of refusedAt) expect(within(t - 64_999, t)).toBeGreaterThanOrEqual(limit);
    expect(refusedAt.length).toBeGreaterThan(0);
  });
});

/**
 * The per-source limit, through the accounts group's Lambda handler called in this worker with
 * events from documentation addresses of their own (the shared platform sees only 127.0.0.1).
 */
describe('failed authentications per source address', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await newAccount();
  });

  const call = (sourceIp: string, key?: string) =>
    accountsHandler({
      version: '2.0',
      routeKey: 'GET /api/accounts/{accountId}',
      rawPath: `/api/accounts/${owner.accountId}`,
      rawQueryString: '',
      // A forged X-Forwarded-For changes nothing: API Gateway's sourceIp is what counts.
      headers: { 'x-forwarded-for': `198.51.100.${randomInt(256)}`, ...(key ? { 'x-api-key': key } : {}) },
      pathParameters: { accountId: owner.accountId },
      isBase64Encoded: false,
      requestContext: {
        requestId: 'test',
        http: { method: 'GET', path: `/api/accounts/${owner.accountId}`, sourceIp },
      },
    } as unknown as APIGatewayProxyEventV2);

  it(
    'refuses an address with 429 and Retry-After once its failures reach the limit, before looking any key up; ' +
      'other addresses keep working',
    async () => {
      const flooding = `203.0.113.${randomInt(0, 128)}`;
      const elsewhere = `203.0.113.${randomInt(128, 256)}`;
      // Five failures (the limit set above) are answered 401: missing, invalid and unknown keys alike.
      for (const key of [undefined, 'not-a-key', 'x'.repeat(300), 'still-not-a-key', 'nope'])
        expect((await call(flooding, key)).statusCode).toBe(401);

      const refused = await call(flooding, 'not-a-key');
      expect(refused.statusCode).toBe(429);
      expect(JSON.parse(refused.body!)).toEqual(RATE_LIMITED);
      const retryAfter = Number(refused.headers!['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(55);
      expect(retryAfter).toBeLessThanOrEqual(65);

      // Further attempts, even with a valid key, are refused without a DynamoDB call.
      commands.length = 0;
      for (const key of [undefined, 'not-a-key', owner.apiKey])
        expect((await call(flooding, key)).statusCode).toBe(429);
      expect(commands).toEqual([]);

      // A valid key from another address is unaffected, and that address's failures count on their own.
      expect((await call(elsewhere, owner.apiKey)).statusCode).toBe(200);
      expect((await call(elsewhere, 'not-a-key')).statusCode).toBe(401);
    },
  );
});
