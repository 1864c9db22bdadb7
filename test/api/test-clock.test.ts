import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { provisionTable } from '../../bin/local/provision-table';
import { TEST_ACCOUNT_CACHE_TTL_MS } from '../../functions/core/auth/authenticate';
import { db } from '../../functions/core/db/client';
import { clockAlarmEntity } from '../../functions/core/test-clock/alarms';
import { GIVE_UP_AFTER_MS } from '../../functions/core/webhooks/retry-schedule';
import { paymentRequestKey } from '../../functions/payment-requests/keys';
import { runAdmin } from '../support/admin';
import { api, FORBIDDEN, newAccount, seed } from '../support/api';
import { advanceClock, DAY, HOUR, waitFor } from '../support/clock';
import { balances, newMerchant, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { receiversOfThisFile } from '../support/webhook-receiver';

const operator = () => seed().operatorApiKey;
const code = (message: string) => ({ statusCode: 403, error: 'Forbidden', message });
const clockOf = (accountId: string, key = operator()) => api('GET', `/api/accounts/${accountId}/test-clock`, { key });
const advance = (accountId: string, body: unknown, key = operator()) =>
  api('POST', `/api/accounts/${accountId}/test-clock`, { key, body });
const storedStatus = async (id: string) =>
  (
    await db().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: paymentRequestKey(id), ConsistentRead: true }),
    )
  ).Item?.status as string;

const receiver = receiversOfThisFile();

/** A merchant whose receiver answers `answers` in turn, paid once: one notification to deliver. */
async function paidWithReceiver(answers: number[]) {
  const merchant = await newMerchant();
  const hook = await receiver(answers);
  expect(
    (
      await api('POST', `/api/accounts/${merchant.owner.accountId}/webhooks`, {
        key: operator(),
        body: { url: hook.url, types: ['payment-request:paid'] },
      })
    ).status,
  ).toBe(200);
  const payer = await newPayer('5000');
  const pr = await newPaymentRequest(merchant);
  expect((await pay(payer, pr.id, `hook-${pr.id}`)).status).toBe(200);
  const delivery = () =>
    api('GET', `/api/accounts/${merchant.owner.accountId}/webhook-deliveries`, { key: merchant.owner.apiKey }).then(
      (r) => r.body.items[0],
    );
  return { merchant, hook, delivery };
}

describe('the test clock of an account', () => {
  it('starts at the platform time, moves forward only by the operator, and adds up advances', async () => {
    const owner = await newAccount();
    const start = await clockOf(owner.accountId, owner.apiKey);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ accountId: owner.accountId, offsetSeconds: 0, now: expect.any(String) });
    expect(Math.abs(Date.parse(start.body.now) - Date.now())).toBeLessThan(5_000);

    expect((await advance(owner.accountId, { advanceSeconds: 60 }, owner.apiKey)).body).toEqual(FORBIDDEN);
    const other = await newAccount();
    expect((await clockOf(owner.accountId, other.apiKey)).body).toEqual(FORBIDDEN);

    // Each answers only once no function instance can still hold the account's old time.
    const sentAt = Date.now();
    const results = await Promise.all([
      advance(owner.accountId, { advanceSeconds: HOUR }),
      advance(owner.accountId, { advanceSeconds: HOUR }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(TEST_ACCOUNT_CACHE_TTL_MS);
    const after = await clockOf(owner.accountId, owner.apiKey);
    expect(after.body.offsetSeconds).toBe(2 * HOUR);
    expect(Date.parse(after.body.now) - Date.now()).toBeGreaterThan(2 * HOUR * 1000 - 5_000);
    // The account shows it too; another account's clock did not move.
    expect(
      (await api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey })).body.testClockOffsetSeconds,
    ).toBe(2 * HOUR);
    expect((await clockOf(other.accountId, other.apiKey)).body.offsetSeconds).toBe(0);
  }, 30_000);

  it('is for test accounts only: a live account answers LIVENESS_MISMATCH and keeps real time', async () => {
    const live = await newAccount({ test: false });
    expect((await advance(live.accountId, { advanceSeconds: 60 })).body).toEqual(code('LIVENESS_MISMATCH'));
    expect((await clockOf(live.accountId, live.apiKey)).body).toMatchObject({ offsetSeconds: 0 });
    expect(
      (await api('GET', `/api/accounts/${live.accountId}`, { key: live.apiKey })).body.testClockOffsetSeconds,
    ).toBeUndefined();
  });

  it.each([
    [{}],
    [{ advanceSeconds: 0 }],
    [{ advanceSeconds: -5 }],
    [{ advanceSeconds: 1.5 }],
    [{ advanceSeconds: '60' }],
  ])('refuses %j with a 400 naming advanceSeconds', async (body) => {
    const owner = await newAccount();
    const res = await advance(owner.accountId, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^advanceSeconds /);
  });
});

/** Real time a case may take: under a second, besides each advance's wait for cached clocks to lapse. */
const reachedWithin = (advances: number) => 1_000 + advances * TEST_ACCOUNT_CACHE_TTL_MS;

describe('time rules on the test clock (each reached in under a second, besides the advances)', () => {
  // Setting a case up (accounts, merchants, payments) takes longer than the rule it reaches.
  jest.setTimeout(30_000);
  it(
    'expiry: the timer records it at once, and the ' + 'merchant clock decides for a payer of another account',
    async () => {
      const merchant = await newMerchant();
      const payer = await newPayer('5000');
      const pr = await newPaymentRequest(merchant, { expirySeconds: 600 });
      await advanceClock(merchant.owner.accountId, 599);
      expect(await storedStatus(pr.id)).toBe('new');

      const started = Date.now();
      const advanced = await advanceClock(merchant.owner.accountId, 2);
      expect(advanced.ranDue).toBeGreaterThanOrEqual(1);
      // No read through the API: the expiry timer ran because the clock moved.
      expect(
        await waitFor(
          () => storedStatus(pr.id),
          (status) => status === 'expired',
        ),
      ).toBe('expired');
      expect(Date.now() - started).toBeLessThan(reachedWithin(1));

      // The payer's own clock is hours behind the merchant's: the request's expiry is the merchant's.
      expect((await pay(payer, pr.id, 'late')).body).toEqual(code('REQUEST_EXPIRED'));
      const activities = await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey });
      expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['expiry', 'request']);
      // Stamped on the merchant's clock.
      expect(Date.parse(activities.body.items[0].createdAt) - Date.now()).toBeGreaterThan(590_000);
    },
  );

  it('the void window: voidable for 24 hours of the merchant clock, then VOID_WINDOW_EXCEEDED', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('5000');
    const early = await newPaymentRequest(merchant, { expirySeconds: DAY });
    const late = await newPaymentRequest(merchant, { expirySeconds: DAY });
    expect((await pay(payer, late.id, 'late-pay')).status).toBe(200);

    const started = Date.now();
    await advanceClock(merchant.owner.accountId, 23 * HOUR);
    expect(
      (await api('POST', `/api/payment-requests/${early.id}/void`, { key: merchant.owner.apiKey })).body,
    ).toMatchObject({ type: 'cancellation' });
    await advanceClock(merchant.owner.accountId, HOUR + 1);
    expect((await api('POST', `/api/payment-requests/${late.id}/void`, { key: merchant.owner.apiKey })).body).toEqual(
      code('VOID_WINDOW_EXCEEDED'),
    );
    expect(Date.now() - started).toBeLessThan(reachedWithin(2));
    expect((await balances(payer.apiKey, payer.walletId)).balance).toBe('4000');
  });

  it('the refund window: refunds for 90 days after the last payment, then REFUND_WINDOW_EXCEEDED', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    expect((await pay(payer, pr.id, 'pay')).status).toBe(200);
    const refund = (externalRef: string) =>
      api('POST', `/api/payment-requests/${pr.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd('100'), externalRef },
      });
    await advanceClock(merchant.owner.accountId, 89 * DAY);
    expect((await refund('in-time')).status).toBe(200);
    await advanceClock(merchant.owner.accountId, 2 * DAY);
    expect((await refund('too-late')).body).toEqual(code('REFUND_WINDOW_EXCEEDED'));
    expect((await balances(payer.apiKey, payer.walletId)).balance).toBe('4100');
  });

  it('pre-auth lapse: an authorisation releases its hold once 90 days of the merchant clock pass', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('900'), preAuth: true });
    expect((await pay(payer, pr.id, 'auth')).status).toBe(200);
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '9100' });
    await advanceClock(merchant.owner.accountId, 90 * DAY + 1);
    const read = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect({ status: read.status, preAuthStatus: read.body.preAuthStatus }).toEqual({
      status: 200,
      preAuthStatus: 'released',
    });
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '10000' });
  });

  it(
    'webhook retries follow the schedule on the account ' + 'clock: each retry runs as soon as the clock passes it',
    async () => {
      const { merchant, hook, delivery } = await paidWithReceiver([500, 500, 200]);
      for (const attempts of [1, 2]) {
        const pending = await waitFor(
          delivery,
          (d) => d?.attempts.length === attempts && d.nextAttemptAt !== undefined,
        );
        expect(pending).toMatchObject({
          status: 'pending',
          attempts: expect.arrayContaining([expect.objectContaining({ attemptNumber: attempts, statusCode: 500 })]),
        });
        const wait = Date.parse(pending.nextAttemptAt) - Date.parse(pending.attempts[attempts - 1].at);
        // Backoff with full jitter from 30 s: at most 30 s after the first failure, 60 s after the second.
        expect(wait).toBeLessThanOrEqual(30_000 * 2 ** (attempts - 1) + 1_000);
        const started = Date.now();
        await advanceClock(merchant.owner.accountId, Math.ceil(wait / 1000) + 1);
        await waitFor(
          () => Promise.resolve(hook.received.length),
          (n) => n === attempts + 1,
        );
        expect(Date.now() - started).toBeLessThan(reachedWithin(1));
      }
      const done = await waitFor(delivery, (d) => d.status === 'delivered');
      expect(done.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
      expect(hook.received.every((r) => r.verifyError === undefined)).toBe(true);
    },
  );

  it('webhook give-up: two weeks of the account clock after the event, the delivery fails', async () => {
    const { merchant, delivery } = await paidWithReceiver([503]);
    await waitFor(delivery, (d) => d?.attempts.length === 1 && d.nextAttemptAt !== undefined);
    await advanceClock(merchant.owner.accountId, GIVE_UP_AFTER_MS / 1000);
    const failed = await waitFor(delivery, (d) => d.status === 'failed');
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: [expect.objectContaining({ statusCode: 503 }), expect.objectContaining({ statusCode: 503 })],
    });
    expect(failed.nextAttemptAt).toBeUndefined();
  });
});

describe('npm run admin -- advance-clock / clock', () => {
  const admin = (table: string, ...args: string[]) => runAdmin(args, table);

  it("advances a test account's clock like the endpoint does, and refuses a live one", async () => {
    const owner = await newAccount();
    const keyMadeAt = async (name: string) =>
      Date.parse(
        (
          await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
            key: owner.apiKey,
            body: { name, role: 'account-owner' },
          })
        ).body.createdAt,
      );
    // The platform verifies the owner's key (and keeps its account, clock included) before another
    // process advances the clock; a request sent once the advance answered goes by the new time.
    expect(await keyMadeAt('before')).toBeLessThan(Date.now() + HOUR);
    const advanced = await admin(
      process.env.TABLE_NAME!,
      'advance-clock',
      '--account',
      owner.accountId,
      '--seconds',
      String(DAY),
    );
    expect(advanced).toMatchObject({ code: 0, out: { accountId: owner.accountId, offsetSeconds: DAY, ranDue: 0 } });
    expect(await keyMadeAt('after')).toBeGreaterThan(Date.now() + DAY - HOUR);
    expect((await clockOf(owner.accountId, owner.apiKey)).body.offsetSeconds).toBe(DAY);
    expect((await admin(process.env.TABLE_NAME!, 'clock', '--account', owner.accountId)).out).toMatchObject({
      offsetSeconds: DAY,
    });
    const live = await newAccount({ test: false });
    const refused = await admin(
      process.env.TABLE_NAME!,
      'advance-clock',
      '--account',
      live.accountId,
      '--seconds',
      '60',
    );
    expect(refused).toMatchObject({ code: 1, out: { error: 'LIVENESS_MISMATCH' } });
    expect(
      (await admin(process.env.TABLE_NAME!, 'advance-clock', '--account', owner.accountId, '--seconds', '0')).code,
    ).toBe(2);
  }, 60_000);

  // The whole platform's clock, in a table of its own: moving the shared test platform's would move every test's time.
  it("advances the whole local platform's clock: every account's time moves, and alarms due on their own clocks " +
    'ring', async () => {
    const table = `clock-${Date.now()}`;
    const client = new DynamoDBClient({});
    await provisionTable(client, table);
    client.destroy();
    expect((await admin(table, 'clock')).out).toMatchObject({ platformOffsetSeconds: 0 });
    const account = (
      await admin(table, 'create-account', '--name', 'Clocked', '--type', 'org', '--region', 'NZ', '--test')
    ).out;
    // A timer due in an hour on the account's clock (its message names a request that does not exist: running it
    // changes nothing).
    const dueAt = new Date(Date.now() + HOUR * 1000).toISOString();
    const timer = { kind: 'payment-request-expiry', id: 'zzNoSuchRequestzzzzzzz', accountId: account.id, dueAt };
    await db().send(
      new PutCommand({
        TableName: table,
        Item: clockAlarmEntity.item({
          clock: account.id,
          dueAt,
          queue: 'timers',
          body: JSON.stringify(timer),
          platformWide: true,
        }),
      }),
    );

    const early = await admin(table, 'advance-clock', '--seconds', String(HOUR / 2));
    expect(early.out).toMatchObject({ platformOffsetSeconds: HOUR / 2, ranDue: 0 });
    const advanced = await admin(table, 'advance-clock', '--seconds', String(HOUR / 2));
    expect(advanced.out).toMatchObject({ platformOffsetSeconds: HOUR, ranDue: 1 });
    expect(Date.parse(advanced.out.now) - Date.now()).toBeGreaterThan(HOUR * 1000 - 10_000);
    const clock = await admin(table, 'clock', '--account', account.id);
    expect(clock.out).toMatchObject({ offsetSeconds: 0, platformOffsetSeconds: HOUR });
    expect(Date.parse(clock.out.now) - Date.now()).toBeGreaterThan(HOUR * 1000 - 10_000);
    // Never on a deployed stack.
    expect((await admin(table, 'advance-clock', '--seconds', '60', '--target', 'aws')).code).toBe(2);
  }, 60_000);
});
