import { marshall } from '@aws-sdk/util-dynamodb';
import { handler as consume } from '../../functions/consumers/payment-request-events';
import { handler as sweep } from '../../functions/consumers/webhook-sweep';
import { config } from '../../functions/core/config';
import { db } from '../../functions/core/db/client';
import { DeleteCommand, GetCommand, PutCommand } from '../../functions/core/db/document';
import { underivedChangeEntity } from '../../functions/payment-requests/keys';
import { api, type Json } from '../support/api';
import { waitFor } from '../support/clock';
import { newMerchant, newPayer, newPaymentRequest, pay } from '../support/payments';
import { receiversOfThisFile, subscribeWebhook } from '../support/webhook-receiver';

/**
 * A pay whose webhook events the stream consumer cannot write is not left to the stream's 24 hours: the consumer
 * records the change, and the webhook sweep writes its events once the fault is gone, each delivered once however
 * often the sweep (or the stream record) comes again.
 */
jest.setTimeout(120_000);

// The consumer and the sweep log the injected fault; the outcomes below are what matters here.
jest.spyOn(console, 'error').mockImplementation(() => undefined);

const receiver = receiversOfThisFile();

/** The EMF metrics documents `run` emits, as Lambda's log would carry them. */
async function metricsOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const disabled = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  try {
    await run();
  } finally {
    write.mockRestore();
    if (disabled === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
    else process.env.POWERTOOLS_METRICS_DISABLED = disabled;
  }
  return lines.filter((line) => line.includes('"CloudWatchMetrics"')).map((line) => JSON.parse(line));
}

it('writes the events of a pay the consumer failed on once the sweep runs, and delivers them once', async () => {
  const merchant = await newMerchant();
  const hook = await receiver();
  await subscribeWebhook(merchant.owner.accountId, hook.url, ['payment-request:paid']);
  const logged = () =>
    api('GET', `/api/accounts/${merchant.owner.accountId}/webhook-events`, { key: merchant.owner.apiKey }).then((res) =>
      (res.body.items as Json[]).filter((e) => e.paymentRequestId === request.id),
    );

  // The fault: an item of another kind among the merchant's webhooks, so the consumer cannot read whom the event goes
  // to (the endpoint subscribed above stays).
  const fault = { PK: `ACCOUNT#${merchant.owner.accountId}`, SK: 'WEBHOOK#injected-fault' };
  await db().send(
    new PutCommand({ TableName: config().tableName, Item: { ...fault, entity: 'injected-fault', v: 1 } }),
  );
  const payer = await newPayer('5000');
  const request = await newPaymentRequest(merchant);
  expect((await pay(payer, request.id, 'underived-pay')).status).toBe(200);

  // The pay's change (the request's second and third activities, its payment and its `paid`, after the create's) is
  // recorded, with the request as the pay left it; no event is written.
  const recorded = await waitFor(
    () => underivedChangeEntity.get(request.id, 3),
    (change) => change !== undefined,
    30_000,
  );
  expect(recorded).toMatchObject({ paymentRequestId: request.id, before: 1, after: 3, recordedAt: expect.any(String) });
  expect(recorded!.request).toMatchObject({ status: 'paid', activityCount: 3 });
  expect(await logged()).toEqual([]);

  // Swept while the fault lasts, the work fails again and is recorded anew, counted each time (what alarms).
  const emitted = await metricsOf(() => sweep());
  expect(emitted.some((emf) => emf.BacklogRecorded === 1)).toBe(true);
  const again = await underivedChangeEntity.get(request.id, 3);
  expect(again).toMatchObject({ before: 1, after: 3 });
  expect(again!.recordedAt > recorded!.recordedAt).toBe(true);
  expect(await logged()).toEqual([]);

  // The fault gone, the sweep writes the event and the outbox fans it out (the platform's scheduled sweep may come
  // first: either writes it once).
  await db().send(new DeleteCommand({ TableName: config().tableName, Key: fault }));
  await sweep();
  expect(await underivedChangeEntity.get(request.id, 3)).toBeUndefined();
  const [delivered] = await hook.waitForAccepted(1, 30_000);
  expect(delivered.body).toMatchObject({
    type: 'payment-request:paid',
    data: expect.objectContaining({
      paymentRequestId: request.id,
      type: 'paid',
      value: { amount: '1000', currency: 'NZD' },
    }),
  });
  await waitFor(logged, (events) => events.length === 1 && events[0].deliveries.length === 1);

  // Swept again and the pay's stream record delivered again: no event is written or delivered twice.
  await sweep();
  const { Item: after } = await db().send(
    new GetCommand({ TableName: config().tableName, Key: { PK: `PR#${request.id}`, SK: 'PR' } }),
  );
  const before = { ...after!, activityCount: recorded!.before, version: after!.version - 1 };
  const record = {
    eventID: 'redelivered',
    eventName: 'MODIFY' as const,
    dynamodb: {
      SequenceNumber: '1',
      NewImage: marshall(after!, { removeUndefinedValues: true }) as never,
      OldImage: marshall(before, { removeUndefinedValues: true }) as never,
    },
  };
  expect(await consume({ Records: [record] })).toEqual({ batchItemFailures: [] });
  const events = await logged();
  expect(events).toEqual([expect.objectContaining({ id: delivered.body.id, type: 'payment-request:paid' })]);
  expect(events[0].deliveries).toHaveLength(1);
  expect(hook.received.filter((r) => r.answered === 200)).toHaveLength(1);
});
