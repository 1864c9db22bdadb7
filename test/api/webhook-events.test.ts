import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { NOTIFICATION_TYPES } from '../../functions/core/webhooks/notification-types';
import {
  adminTargetFlags,
  api,
  FORBIDDEN,
  newAccount,
  platformUrl,
  seed,
  type TestAccount,
  type Json,
} from '../support/api';
import { MAX_EVENT_DELIVERIES } from '../../functions/core/webhooks/event-log';
import { GIVE_UP_AFTER_MS } from '../../functions/core/webhooks/retry-schedule';
import { advanceClock, DAY, HOUR, waitFor } from '../support/clock';
import { newMerchant, newPayer, newPaymentRequest, pay } from '../support/payments';
import { receiversOfThisFile } from '../support/webhook-receiver';

const operator = () => seed().operatorApiKey;
const subscribe = async (accountId: string, url: string, types: readonly string[] = NOTIFICATION_TYPES) => {
  const res = await api('POST', `/api/accounts/${accountId}/webhooks`, { key: operator(), body: { url, types } });
  expect(res.status).toBe(200);
  return res.body as { id: string };
};
const events = (owner: TestAccount, query = '') =>
  api('GET', `/api/accounts/${owner.accountId}/webhook-events${query}`, { key: owner.apiKey });
const testEvent = (owner: TestAccount, type: string, key = owner.apiKey) =>
  api('POST', `/api/accounts/${owner.accountId}/webhook-events/test`, { key, body: { type } });
const redeliver = (owner: TestAccount, eventId: string, body: unknown = {}, key = owner.apiKey) =>
  api('POST', `/api/accounts/${owner.accountId}/webhook-events/${eventId}/redeliver`, { key, body });
/** The logged event once `done` holds for it (deliveries are recorded off the API call). */
const loggedWhen = (owner: TestAccount, eventId: string, done: (event: Json) => boolean) =>
  waitFor(
    () => events(owner).then((r) => r.body.items.find((e: { id: string }) => e.id === eventId)),
    (event) => event !== undefined && done(event),
  );

const receiver = receiversOfThisFile();

describe('the event log', () => {
  it(
    "lists the account's notification events newest " + 'first, each with its deliveries; only to the account',
    async () => {
      const merchant = await newMerchant();
      const hook = await receiver();
      await subscribe(merchant.owner.accountId, hook.url, ['payment-request:paid']);
      const payer = await newPayer('5000');
      const pr = await newPaymentRequest(merchant);
      expect((await pay(payer, pr.id, 'log-pay')).status).toBe(200);

      const [received] = await hook.waitForAccepted(1);
      const logged = await loggedWhen(merchant.owner, received.body.id, (e) => e.deliveries[0]?.status === 'delivered');
      expect(logged).toEqual({
        id: received.body.id,
        type: 'payment-request:paid',
        accountId: merchant.owner.accountId,
        test: true,
        createdAt: received.body.createdAt,
        dispatchedAt: expect.any(String),
        paymentRequestId: pr.id,
        data: received.body.data,
        deliveries: [
          expect.objectContaining({
            eventId: received.body.id,
            url: hook.url,
            status: 'delivered',
            attempts: [expect.objectContaining({ statusCode: 200 })],
          }),
        ],
      });

      const other = await newAccount();
      expect(
        (await api('GET', `/api/accounts/${merchant.owner.accountId}/webhook-events`, { key: other.apiKey })).body,
      ).toEqual(FORBIDDEN);
      expect((await events(other)).body).toEqual({ items: [] });
    },
  );

  it('pages newest first; a page key is bound to its account', async () => {
    const owner = await newAccount();
    const ids: string[] = [];
    for (const type of ['payment-request:paid', 'payment-request:refund-initiated', 'payment-request:refund-completed'])
      ids.push((await testEvent(owner, type)).body.id);
    const first = await events(owner, '?paginationLimit=2');
    expect(first.body.items.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextPageKey).toEqual(expect.any(String));
    const second = await events(owner, `?paginationLimit=2&pageKey=${encodeURIComponent(first.body.nextPageKey)}`);
    expect(second.body.items.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(second.body.nextPageKey).toBeUndefined();
    const other = await newAccount();
    expect((await events(other, `?pageKey=${encodeURIComponent(first.body.nextPageKey)}`)).status).toBe(400);
  });
});

describe('test events', () => {
  it.each(NOTIFICATION_TYPES.map((type) => [type]))(
    'sends a signed %s with sample data to the endpoints subscribed to it',
    async (type) => {
      const owner = await newAccount();
      const hook = await receiver();
      const unsubscribed = await receiver();
      await subscribe(owner.accountId, hook.url, [type]);
      await subscribe(
        owner.accountId,
        unsubscribed.url,
        NOTIFICATION_TYPES.filter((t) => t !== type),
      );
      const sent = await testEvent(owner, type);
      expect(sent.status).toBe(200);
      // Payment-request types carry a sample Payment Activity; a type without a sample of its own, a minimal record.
      const data =
        type === 'payment-request:paid'
          ? { type: 'paid' }
          : type.startsWith('payment-request:')
            ? { type: 'refund' }
            : { id: expect.any(String), accountId: owner.accountId };
      expect(sent.body).toMatchObject({ type, accountId: owner.accountId, test: true, sample: true, data });

      const [received] = await hook.waitForAccepted(1);
      expect(received.verifyError).toBeUndefined();
      expect(Object.keys(received.body)).toEqual(['id', 'type', 'data', 'accountId', 'test', 'createdAt']);
      expect(received.body).toMatchObject({ id: sent.body.id, type, accountId: owner.accountId, test: true });
      const logged = await loggedWhen(owner, sent.body.id, (e) => e.deliveries[0]?.status === 'delivered');
      expect(logged.deliveries).toHaveLength(1);
      expect(unsubscribed.received).toEqual([]);
    },
  );

  it('refuses an unknown type, and callers other than the owner', async () => {
    const owner = await newAccount();
    const res = await testEvent(owner, 'payment-request:voided');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^type must be one of/);
    const other = await newAccount();
    expect((await testEvent(owner, 'payment-request:paid', other.apiKey)).body).toEqual(FORBIDDEN);
  });
});

describe('redelivery', () => {
  it('delivers an event again to every subscribed endpoint, or to the one named, as a new delivery', async () => {
    const owner = await newAccount();
    const [a, b] = [await receiver(), await receiver()];
    const hookA = await subscribe(owner.accountId, a.url);
    await subscribe(owner.accountId, b.url, ['payment-request:paid']);
    const sent = (await testEvent(owner, 'payment-request:paid')).body;
    await Promise.all([a.waitForAccepted(1), b.waitForAccepted(1)]);
    await loggedWhen(
      owner,
      sent.id,
      (e) => e.deliveries.length === 2 && e.deliveries.every((d: { status: string }) => d.status === 'delivered'),
    );

    const all = await redeliver(owner, sent.id);
    expect(all.status).toBe(200);
    expect(all.body.deliveries).toHaveLength(4);
    expect(all.body.deliveries.filter((d: { redelivery?: boolean }) => d.redelivery)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: [] }),
      expect.objectContaining({ status: 'pending', attempts: [] }),
    ]);
    await Promise.all([a.waitForAccepted(2), b.waitForAccepted(2)]);
    // The same event, id included: a receiver that saw it can tell.
    expect(a.received.map((r) => r.body.id)).toEqual([sent.id, sent.id]);
    expect(a.received.every((r) => r.verifyError === undefined)).toBe(true);

    const one = await redeliver(owner, sent.id, { webhookId: hookA.id });
    expect(one.body.deliveries.filter((d: { redelivery?: boolean }) => d.redelivery)).toHaveLength(3);
    await a.waitForAccepted(3);
    const logged = await loggedWhen(
      owner,
      sent.id,
      (e) => e.deliveries.length === 5 && e.deliveries.every((d: { status: string }) => d.status === 'delivered'),
    );
    expect(
      logged.deliveries.map((d: { webhookId: string }) => d.webhookId).filter((id: string) => id === hookA.id),
    ).toHaveLength(3);
    expect(b.received).toHaveLength(2);
  });

  it('retries a redelivery on its own schedule, even of an event past the two weeks of its fan-out', async () => {
    const owner = await newAccount();
    const hook = await receiver([200, 500, 200]);
    await subscribe(owner.accountId, hook.url, ['payment-request:paid']);
    const sent = (await testEvent(owner, 'payment-request:paid')).body;
    await hook.waitForAccepted(1);
    await advanceClock(owner.accountId, GIVE_UP_AFTER_MS / 1000 + DAY);

    expect((await redeliver(owner, sent.id)).status).toBe(200);
    // Its first attempt fails: the redelivery is retried, not given up at once.
    const retrying = await loggedWhen(owner, sent.id, (e) =>
      e.deliveries.some((d: Json) => d.redelivery && d.attempts.length === 1),
    );
    expect(retrying.deliveries.find((d: Json) => d.redelivery)).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ statusCode: 500 })],
      nextAttemptAt: expect.any(String),
    });
    await advanceClock(owner.accountId, HOUR);
    await hook.waitForAccepted(2);
    const done = await loggedWhen(owner, sent.id, (e) =>
      e.deliveries.some((d: Json) => d.redelivery && d.status === 'delivered'),
    );
    expect(done.deliveries.find((d: Json) => d.redelivery).attempts).toHaveLength(2);
  });

  it(
    'stops at MAX_EVENT_DELIVERIES deliveries an event holds: redeliveries racing for the last places, one makes ' +
      'its deliveries and the others WEBHOOK_REDELIVERY_LIMIT_EXCEEDED, making none',
    async () => {
      const owner = await newAccount();
      const [a, b] = [await receiver(), await receiver()];
      await subscribe(owner.accountId, a.url, ['payment-request:paid']);
      const sent = (await testEvent(owner, 'payment-request:paid')).body;
      await loggedWhen(owner, sent.id, (e) => e.deliveries.length === 1);
      for (let held = 1; held < MAX_EVENT_DELIVERIES - 2; held++)
        expect((await redeliver(owner, sent.id)).status).toBe(200);
      // Two endpoints now: each redelivery makes two deliveries, and two places are left.
      await subscribe(owner.accountId, b.url, ['payment-request:paid']);
      const raced = await Promise.all([1, 2, 3].map(() => redeliver(owner, sent.id)));
      expect(raced.map((r) => r.status).sort()).toEqual([200, 403, 403]);
      for (const refused of raced.filter((r) => r.status === 403))
        expect(refused.body).toMatchObject({ statusCode: 403, message: 'WEBHOOK_REDELIVERY_LIMIT_EXCEEDED' });
      expect((await redeliver(owner, sent.id)).body.message).toBe('WEBHOOK_REDELIVERY_LIMIT_EXCEEDED');

      const logged = await loggedWhen(owner, sent.id, (e) => e.deliveries.length === MAX_EVENT_DELIVERIES);
      expect(logged.deliveries).toHaveLength(MAX_EVENT_DELIVERIES);
      const made = await api('GET', `/api/accounts/${owner.accountId}/webhook-deliveries?paginationLimit=100`, {
        key: owner.apiKey,
      });
      expect(made.body.items).toHaveLength(MAX_EVENT_DELIVERIES);
      await b.waitForAccepted(1);
      expect(b.received).toHaveLength(1);
    },
  );

  it(
    "answers FORBIDDEN for another account's event or endpoint and for an event id that cannot be one; 400 for a " +
      'malformed webhook id in the body',
    async () => {
      const owner = await newAccount();
      const other = await newAccount();
      const theirs = (await testEvent(other, 'payment-request:paid')).body;
      const theirHook = await subscribe(other.accountId, 'http://127.0.0.1:9/theirs');
      const mine = (await testEvent(owner, 'payment-request:paid')).body;
      expect((await redeliver(owner, theirs.id)).body).toEqual(FORBIDDEN);
      expect((await redeliver(owner, 'zzNoSuchEventzzzzzzzzz')).body).toEqual(FORBIDDEN);
      expect((await redeliver(owner, mine.id, { webhookId: theirHook.id })).body).toEqual(FORBIDDEN);
      expect((await redeliver(owner, mine.id, {}, other.apiKey)).body).toEqual(FORBIDDEN);
      expect((await redeliver(owner, 'not an id!')).body).toEqual(FORBIDDEN);
      expect((await redeliver(owner, mine.id, { webhookId: 'nope' })).status).toBe(400);
    },
  );
});

describe('npm run admin -- listen', () => {
  const ROOT = join(__dirname, '..', '..');
  let target: Server;
  const forwarded: { headers: IncomingHttpHeaders; body: string; path: string }[] = [];
  let listener: ChildProcess | undefined;
  beforeAll(async () => {
    target = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        forwarded.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
        res.writeHead(forwarded.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    listener?.kill('SIGKILL');
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  it('subscribes a temporary endpoint, forwards each signed delivery with its headers, prints a line per event, ' +
    'and unsubscribes on exit', async () => {
    const owner = await newAccount();
    const forwardTo = `http://127.0.0.1:${(target.address() as { port: number }).port}/hooks/payments`;
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        join(ROOT, 'bin', 'admin.ts'),
        'listen',
        '--account',
        owner.accountId,
        '--forward-to',
        forwardTo,
        ...adminTargetFlags(),
        '--json',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    listener = child;
    const lines: Json[] = [];
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) if (line.trim()) lines.push(JSON.parse(line));
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const ready = await waitFor(
      () => Promise.resolve(lines.find((l) => l.ready)),
      (l) => l !== undefined,
      30_000,
    );
    expect(ready).toMatchObject({
      ready: true,
      webhookId: expect.stringMatching(/^wh_/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/listen$/),
      forwardTo,
    });
    const hooks = await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: owner.apiKey });
    expect(hooks.body.items).toEqual([
      expect.objectContaining({
        id: ready.webhookId,
        url: ready.url,
        types: [...NOTIFICATION_TYPES],
        createdBy: 'crn::service:admin-listen',
      }),
    ]);

    const sent = (await testEvent(owner, 'payment-request:refund-completed')).body;
    // The target answers 500 first: the platform retries on the account's schedule; a redelivery gets it now.
    await waitFor(
      () => Promise.resolve(forwarded.length),
      (n) => n === 1,
    );
    expect((await redeliver(owner, sent.id)).status).toBe(200);
    await waitFor(
      () => Promise.resolve(lines.filter((l) => l.eventId).length),
      (n) => n === 2,
    );

    const printed = lines.filter((l) => l.eventId);
    expect(printed).toEqual([
      expect.objectContaining({
        type: 'payment-request:refund-completed',
        eventId: sent.id,
        verified: true,
        status: 500,
        forwardedTo: forwardTo,
      }),
      expect.objectContaining({
        type: 'payment-request:refund-completed',
        eventId: sent.id,
        status: 200,
        forwardedTo: forwardTo,
      }),
    ]);
    for (const request of forwarded) {
      expect(request.path).toBe('/hooks/payments');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toMatchObject({
        id: sent.id,
        type: 'payment-request:refund-completed',
        accountId: owner.accountId,
      });
      // Signed as the platform signed it: for the temporary endpoint's URL, over these exact bytes.
      const jwks = (await fetch(`${platformUrl()}/api/.well-known/jwks.json`).then((r) => r.json())) as JSONWebKeySet;
      const { payload } = await jwtVerify(String(request.headers.authorization), createLocalJWKSet(jwks), {
        audience: ready.url,
      });
      expect(payload.request_body_sha256).toBe(createHash('sha256').update(request.body).digest('hex'));
    }

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(lines.at(-1)).toMatchObject({ webhookId: ready.webhookId, forwarded: 2 });
    expect((await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: owner.apiKey })).body).toEqual({
      items: [],
    });
  }, 60_000);
});
