import { createServer } from 'node:http';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DeleteCommand, PutCommand, UpdateCommand } from '../../functions/core/db/document';
import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { handler as consumeStream } from '../../functions/consumers/webhook-events';
import { handler as consume } from '../../functions/consumers/webhooks';
import { handler as sweep } from '../../functions/consumers/webhook-sweep';
import { db } from '../../functions/core/db/client';
import { webhookEventSteps, type NotificationType } from '../../functions/core/webhooks/outbox';
import { GIVE_UP_AFTER_MS } from '../../functions/core/webhooks/retry-schedule';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../functions/webhooks/webhook-store';
import { deadLetterQueueUrlVariable } from '../../functions/core/infrastructure';
import { api, FORBIDDEN, newAccount, seed, type Json } from '../support/api';
import { advanceClock, DAY } from '../support/clock';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const operator = () => seed().operatorApiKey;

const subscribe = (accountId: string, body: unknown, key = operator()) =>
  api('POST', `/api/accounts/${accountId}/webhooks`, { key, body });

/** The account's deliveries once `done` holds for them (records are written right after the receiver answers). */
async function deliveriesWhen(accountId: string, key: string, done: (items: Json[]) => boolean): Promise<Json[]> {
  for (let i = 0; ; i++) {
    const res = await api('GET', `/api/accounts/${accountId}/webhook-deliveries`, { key });
    expect(res.status).toBe(200);
    if (done(res.body.items) || i === 50) return res.body.items;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const receivers: WebhookReceiver[] = [];
async function receiver(answers?: number[]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answers);
  receivers.push(started);
  return started;
}
afterAll(() => Promise.all(receivers.map((r) => r.close())));

/**
 * An account subscribed to `type`, and one event of that type written `ageMs` ago, in the outbox
 * but never handed on by the table's stream (as when its record failed beyond its retries): the
 * event is inserted outside the outbox, which the stream's filter skips, then put in it.
 */
async function eventTheStreamDidNotHandOn(
  type: NotificationType,
  data: Record<string, unknown>,
  ageMs: number,
  answers?: number[],
) {
  const owner = await newAccount();
  const hook = await receiver(answers);
  expect((await subscribe(owner.accountId, { url: hook.url, types: [type] })).status).toBe(200);
  const { events, steps } = webhookEventSteps(
    [{ kind: 'notification', accountId: owner.accountId, test: true, type, data }],
    new Date(Date.now() - ageMs).toISOString(),
  );
  const { GSI1PK, GSI1SK, ...item } = steps[0].item.Put!.Item as Record<string, unknown>;
  await db().send(new PutCommand({ TableName: steps[0].item.Put!.TableName, Item: item }));
  await db().send(
    new UpdateCommand({
      TableName: steps[0].item.Put!.TableName,
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': GSI1PK, ':sk': GSI1SK },
    }),
  );
  return { owner, hook, event: events[0] };
}

describe('webhook registration', () => {
  it('is for the platform operator; the account owner reads its endpoints, and another account cannot', async () => {
    const owner = await newAccount();
    const created = await subscribe(owner.accountId, {
      url: 'https://hooks.example.com/payments',
      types: ['payment-request:paid', 'payment-request:refund-completed'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^wh_[1-9A-HJ-NP-Za-km-z]{22}$/),
      accountId: owner.accountId,
      url: 'https://hooks.example.com/payments',
      types: ['payment-request:paid', 'payment-request:refund-completed'],
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
    });
    expect((await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: owner.apiKey })).body).toEqual({
      items: [created.body],
    });

    expect(
      (
        await subscribe(
          owner.accountId,
          { url: 'https://a.example.com', types: ['payment-request:paid'] },
          owner.apiKey,
        )
      ).body,
    ).toEqual(FORBIDDEN);
    expect(
      (await api('DELETE', `/api/accounts/${owner.accountId}/webhooks/${created.body.id}`, { key: owner.apiKey })).body,
    ).toEqual(FORBIDDEN);
    const other = await newAccount();
    expect((await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: other.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect(
      (await api('GET', `/api/accounts/${owner.accountId}/webhook-deliveries`, { key: other.apiKey })).body,
    ).toEqual(FORBIDDEN);

    // An endpoint of one account cannot be removed through another account's path.
    expect(
      (await api('DELETE', `/api/accounts/${other.accountId}/webhooks/${created.body.id}`, { key: operator() })).body,
    ).toEqual(FORBIDDEN);
    expect(
      (await api('DELETE', `/api/accounts/${owner.accountId}/webhooks/${created.body.id}`, { key: operator() })).body,
    ).toEqual({});
    expect((await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: owner.apiKey })).body).toEqual({
      items: [],
    });
    expect(
      (await api('DELETE', `/api/accounts/${owner.accountId}/webhooks/${created.body.id}`, { key: operator() })).body,
    ).toEqual(FORBIDDEN);
    // An id no webhook can have answers like a missing one.
    expect(
      (await api('DELETE', `/api/accounts/${owner.accountId}/webhooks/notAWebhookId`, { key: operator() })).body,
    ).toEqual(FORBIDDEN);
  });

  it(
    'takes at most MAX_WEBHOOKS_PER_ACCOUNT endpoints: registrations racing for the last places, only those that ' +
      'fit are made (WEBHOOK_LIMIT_EXCEEDED for the others); removing one frees a place',
    async () => {
      const owner = await newAccount();
      const hook = (n: number) => ({ url: `https://hooks.example.com/${n}`, types: ['payment-request:paid'] });
      const listed = async () =>
        (await api('GET', `/api/accounts/${owner.accountId}/webhooks`, { key: owner.apiKey })).body.items as Json[];
      for (let n = 0; n < MAX_WEBHOOKS_PER_ACCOUNT - 2; n++)
        expect((await subscribe(owner.accountId, hook(n))).status).toBe(200);
      const raced = await Promise.all([100, 101, 102, 103].map((n) => subscribe(owner.accountId, hook(n))));
      expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 403, 403]);
      for (const refused of raced.filter((r) => r.status === 403))
        expect(refused.body).toMatchObject({ statusCode: 403, message: 'WEBHOOK_LIMIT_EXCEEDED' });
      expect(await listed()).toHaveLength(MAX_WEBHOOKS_PER_ACCOUNT);

      // The limit is the endpoints' own number: an account whose count is missing (kept since) is not let past it.
      await db().send(
        new DeleteCommand({
          TableName: process.env.TABLE_NAME,
          Key: { PK: `ACCOUNT#${owner.accountId}`, SK: 'WEBHOOKCOUNT' },
        }),
      );
      expect((await subscribe(owner.accountId, hook(200))).body.message).toBe('WEBHOOK_LIMIT_EXCEEDED');
      const [first] = await listed();
      expect(
        (await api('DELETE', `/api/accounts/${owner.accountId}/webhooks/${first.id}`, { key: operator() })).status,
      ).toBe(200);
      expect((await subscribe(owner.accountId, hook(201))).status).toBe(200);
      expect((await subscribe(owner.accountId, hook(202))).body.message).toBe('WEBHOOK_LIMIT_EXCEEDED');
      expect(await listed()).toHaveLength(MAX_WEBHOOKS_PER_ACCOUNT);
    },
  );

  it.each([
    [{ url: 'ftp://hooks.example.com/x', types: ['payment-request:paid'] }, 'url must use http or https'],
    [{ url: 'hooks.example.com', types: ['payment-request:paid'] }, 'url must be an absolute URL'],
    [{ types: ['payment-request:paid'] }, 'url is required'],
    [{ url: 'https://hooks.example.com' }, 'types is required'],
    [{ url: 'https://hooks.example.com', types: [] }, /^types /],
    [{ url: 'https://hooks.example.com', types: ['payment-request:paid', 'payment-request:paid'] }, /^types /],
    [{ url: 'https://hooks.example.com', types: ['payment-request:voided'] }, /^types\.0 must be one of/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const owner = await newAccount();
    const res = await subscribe(owner.accountId, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('webhook delivery', () => {
  it('retries a failing receiver until it accepts: one signed notification, every attempt recorded', async () => {
    const merchant = await newMerchant();
    const hook = await receiver([500, 500, 200]);
    expect((await subscribe(merchant.owner.accountId, { url: hook.url, types: ['payment-request:paid'] })).status).toBe(
      200,
    );
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    expect((await pay(payer, pr.id, 'webhook-pay')).status).toBe(200);

    // Each retry is due on the merchant's test clock (backoff from 30 s, at most an hour): the clock
    // moves an hour on after each failure and the retry runs at once.
    for (const failed of [1, 2]) {
      await deliveriesWhen(
        merchant.owner.accountId,
        merchant.owner.apiKey,
        (items) => items[0]?.attempts.length === failed && items[0].nextAttemptAt !== undefined,
      );
      await advanceClock(merchant.owner.accountId, 3600);
    }
    const [accepted] = await hook.waitForAccepted(1, 30_000);
    expect(hook.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    for (const request of hook.received) {
      expect(request.verifyError).toBeUndefined();
      expect(request.claims).toMatchObject({
        aud: hook.url,
        request_body_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(request.claims!.exp! - request.claims!.iat!).toBe(300);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.body.id).toBe(accepted.body.id);
    }
    expect(Object.keys(accepted.body)).toEqual(['id', 'type', 'data', 'accountId', 'test', 'createdAt']);
    expect(accepted.body).toMatchObject({
      type: 'payment-request:paid',
      accountId: merchant.owner.accountId,
      test: true,
    });
    expect(accepted.body.data).toMatchObject({ type: 'paid', paymentRequestId: pr.id });

    const deliveries = await deliveriesWhen(
      merchant.owner.accountId,
      merchant.owner.apiKey,
      (items) => items[0]?.status === 'delivered',
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      accountId: merchant.owner.accountId,
      eventId: accepted.body.id,
      kind: 'notification',
      type: 'payment-request:paid',
      url: hook.url,
      status: 'delivered',
      deliveredAt: expect.any(String),
    });
    expect(deliveries[0].nextAttemptAt).toBeUndefined();
    expect(deliveries[0].attempts.map((a: Json) => [a.attemptNumber, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    for (const attempt of deliveries[0].attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(
      (await api('GET', `/api/accounts/${merchant.owner.accountId}/webhook-deliveries`, { key: payer.apiKey })).body,
    ).toEqual(FORBIDDEN);

    // Nothing more arrives, however far the clock moves: no duplicate of the delivered notification.
    await advanceClock(merchant.owner.accountId, DAY);
    expect(hook.received).toHaveLength(3);
    expect(await deliveriesWhen(merchant.owner.accountId, merchant.owner.apiKey, () => true)).toHaveLength(1);
  }, 60_000);

  it('notifies refund-initiated and refund-completed for a refund', async () => {
    const merchant = await newMerchant();
    const hook = await receiver();
    const types = ['payment-request:paid', 'payment-request:refund-initiated', 'payment-request:refund-completed'];
    expect((await subscribe(merchant.owner.accountId, { url: `${hook.url}/notifications`, types })).status).toBe(200);
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    expect((await pay(payer, pr.id, 'refund-pay')).status).toBe(200);
    const refund = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('400'), externalRef: 'wh-refund' },
    });
    expect(refund.status).toBe(200);

    const accepted = await hook.waitForAccepted(3, 30_000);
    expect(accepted.every((r) => r.path === '/notifications' && r.verifyError === undefined)).toBe(true);
    expect(accepted.map((r) => r.body.type).sort()).toEqual([...types].sort());
    for (const r of accepted.filter((r) => r.body.type !== 'payment-request:paid')) {
      expect(r.body.data).toMatchObject({ type: 'refund', value: nzd('400'), paymentRequestId: pr.id });
    }
    expect(new Set(accepted.map((r) => r.body.id)).size).toBe(3);
    const deliveries = await deliveriesWhen(
      merchant.owner.accountId,
      merchant.owner.apiKey,
      (items) => items.length === 3 && items.every((d) => d.status === 'delivered'),
    );
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
  }, 60_000);

  it('sweeps an event the stream did not hand on out of the outbox and delivers it', async () => {
    const { owner, hook, event } = await eventTheStreamDidNotHandOn(
      'payment-request:paid',
      { type: 'paid', note: 'swept' },
      120_000,
    );
    expect((await sweep()).dispatched).toBeGreaterThanOrEqual(1);
    const [accepted] = await hook.waitForAccepted(1, 30_000);
    expect(accepted.body).toMatchObject({ id: event.id, type: 'payment-request:paid', data: { note: 'swept' } });
    const deliveries = await deliveriesWhen(owner.accountId, owner.apiKey, (items) => items[0]?.status === 'delivered');
    expect(deliveries.map((d) => [d.eventId, d.status])).toEqual([[event.id, 'delivered']]);

    // The same event dispatched again (a duplicate message, a second sweep) finds its delivery, and
    // the repeated first attempt finds it delivered: nothing is sent again.
    const copy = (messageId: string) => ({ messageId, body: JSON.stringify({ eventId: event.id }) }) as SQSRecord;
    expect(await consume({ Records: [copy('again-1'), copy('again-2')] })).toEqual({ batchItemFailures: [] });
    const attempt = { messageId: 'again-3', body: JSON.stringify({ deliveryId: deliveries[0].id }) } as SQSRecord;
    expect(await consume({ Records: [attempt] })).toEqual({ batchItemFailures: [] });
    expect(hook.received).toHaveLength(1);
    expect(await deliveriesWhen(owner.accountId, owner.apiKey, () => true)).toEqual(deliveries);
  }, 60_000);

  it('reports a stream record it cannot fan out by its ' +
    'sequence number, and fans out the rest of the batch', async () => {
    const { owner, hook, event } = await eventTheStreamDidNotHandOn(
      'payment-request:paid',
      { type: 'paid', note: 'from the stream' },
      0,
    );
    const record = (sequenceNumber: string, id?: string): DynamoDBRecord => ({
      eventID: sequenceNumber,
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: sequenceNumber, NewImage: id ? { id: { S: id } } : {} },
    });
    expect(await consumeStream({ Records: [record('100'), record('101', event.id)] })).toEqual({
      batchItemFailures: [{ itemIdentifier: '100' }],
    });
    const [accepted] = await hook.waitForAccepted(1, 30_000);
    expect(accepted.body).toMatchObject({ id: event.id, data: { note: 'from the stream' } });
    expect(
      (await deliveriesWhen(owner.accountId, owner.apiKey, (items) => items[0]?.status === 'delivered')).map(
        (d) => d.eventId,
      ),
    ).toEqual([event.id]);
  }, 30_000);

  it('makes one delivery and one POST of two copies of a message handled side by side', async () => {
    const { owner, hook, event } = await eventTheStreamDidNotHandOn('payment-request:paid', { type: 'paid' }, 0);
    const copy = (messageId: string) => ({ messageId, body: JSON.stringify({ eventId: event.id }) }) as SQSRecord;
    expect(await consume({ Records: [copy('a'), copy('b')] })).toEqual({ batchItemFailures: [] });
    expect((await deliveriesWhen(owner.accountId, owner.apiKey, () => true)).map((d) => d.eventId)).toEqual([event.id]);

    // Both copies asked for the first attempt; the attempt lease lets one of them make it.
    const [delivered] = await deliveriesWhen(
      owner.accountId,
      owner.apiKey,
      (items) => items[0]?.status === 'delivered',
    );
    expect(delivered.attempts).toHaveLength(1);
    expect(hook.received.map((r) => [r.body.id, r.answered, r.verifyError])).toEqual([[event.id, 200, undefined]]);
  }, 30_000);

  it('gives up two weeks after the event: the delivery fails and is parked in the dead-letter queue', async () => {
    const { owner, hook, event } = await eventTheStreamDidNotHandOn(
      'payment-request:refund-completed',
      { type: 'refund' },
      0,
      [503],
    );
    // The account's test clock is two weeks past the event when its first attempt fails: no retry is left.
    await advanceClock(owner.accountId, GIVE_UP_AFTER_MS / 1000);
    expect(
      await consume({ Records: [{ messageId: 'late', body: JSON.stringify({ eventId: event.id }) } as SQSRecord] }),
    ).toEqual({ batchItemFailures: [] });

    const [delivery] = await deliveriesWhen(owner.accountId, owner.apiKey, (items) => items[0]?.status === 'failed');
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: [expect.objectContaining({ attemptNumber: 1, statusCode: 503 })],
    });
    expect(delivery.nextAttemptAt).toBeUndefined();
    expect(hook.received).toHaveLength(1);
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    try {
      const parked = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: process.env[deadLetterQueueUrlVariable('webhooks')],
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
        }),
      );
      expect((parked.Messages ?? []).map((m) => JSON.parse(m.Body ?? '{}'))).toContainEqual({
        deliveryId: delivery.id,
      });
    } finally {
      sqs.destroy();
    }
  }, 60_000);

  it('never makes a payment wait for a slow receiver', async () => {
    const order: string[] = [];
    const slow = createServer((_req, res) => {
      order.push('receiver got the notification');
      setTimeout(() => {
        order.push('receiver answered');
        res.end();
      }, 3000);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const merchant = await newMerchant();
      const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
      expect((await subscribe(merchant.owner.accountId, { url, types: ['payment-request:paid'] })).status).toBe(200);
      const payer = await newPayer('5000');
      const pr = await newPaymentRequest(merchant);
      expect((await pay(payer, pr.id, 'slow-pay')).status).toBe(200);
      order.push('pay returned');
      const deliveries = await deliveriesWhen(
        merchant.owner.accountId,
        merchant.owner.apiKey,
        (items) => items[0]?.status === 'delivered',
      );
      expect(deliveries[0].attempts).toHaveLength(1);
      expect(order.indexOf('pay returned')).toBeLessThan(order.indexOf('receiver answered'));
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  }, 60_000);
});
