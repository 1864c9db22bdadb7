import { GetCommand } from '../../functions/core/db/document';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { db } from '../../functions/core/db/client';
import { handler } from '../../functions/consumers/payment-request-events';
import { api, type Json } from '../support/api';
import { waitFor } from '../support/clock';
import { newMerchant, newPayer, newPaymentRequest, pay, type MerchantSetup } from '../support/payments';
import { receiversOfThisFile, subscribeWebhook } from '../support/webhook-receiver';

/**
 * A payment request's webhook events are derived from the table's stream of its change (its record, new and old
 * image), not written by the money transaction. A batch handled again, as a retry or `replay-stream-failures` runs
 * it, writes no event twice and so fans none out twice.
 */
const receiver = receiversOfThisFile();

/** The stream record of the pay, as the stream carries it: the request after it, and before it (two activities). */
async function payRecord(paymentRequestId: string): Promise<DynamoDBStreamEvent['Records'][number]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: `PR#${paymentRequestId}`, SK: 'PR' } }),
  );
  const after = Item!;
  const before = { ...after, activityCount: after.activityCount - 2, version: after.version - 1 };
  return {
    eventID: `replay-${paymentRequestId}`,
    eventName: 'MODIFY',
    dynamodb: {
      SequenceNumber: '1',
      NewImage: marshall(after, { removeUndefinedValues: true }) as never,
      OldImage: marshall(before, { removeUndefinedValues: true }) as never,
    },
  };
}

/** The merchant's logged events of one payment request. */
const loggedOf = (merchant: MerchantSetup, paymentRequestId: string) =>
  api('GET', `/api/accounts/${merchant.owner.accountId}/webhook-events`, { key: merchant.owner.apiKey }).then((res) =>
    (res.body.items as Json[]).filter((e) => e.paymentRequestId === paymentRequestId),
  );

it('a replayed stream batch of a pay yields one event record and one delivery per endpoint', async () => {
  const merchant = await newMerchant();
  const hooks = await Promise.all([receiver(), receiver()]);
  for (const hook of hooks) await subscribeWebhook(merchant.owner.accountId, hook.url, ['payment-request:paid']);
  const payer = await newPayer('5000');
  const pr = await newPaymentRequest(merchant);
  expect((await pay(payer, pr.id, 'replayed-stream')).status).toBe(200);
  const [[first], [second]] = await Promise.all(hooks.map((hook) => hook.waitForAccepted(1)));
  expect(second.body.id).toBe(first.body.id);
  const logged = () => loggedOf(merchant, pr.id);
  // Both deliveries are named in the log once the fan-out recorded them.
  await waitFor(logged, (events) => events.length === 1 && events[0].deliveries.length === 2);

  const batch = { Records: [await payRecord(pr.id)] };
  expect(await handler(batch)).toEqual({ batchItemFailures: [] });
  expect(await handler(batch)).toEqual({ batchItemFailures: [] });

  const events = await logged();
  expect(events).toEqual([
    expect.objectContaining({ id: first.body.id, type: 'payment-request:paid', createdAt: first.body.createdAt }),
  ]);
  expect(events[0].deliveries.map((d: Json) => d.url).sort()).toEqual(hooks.map((hook) => hook.url).sort());
});

it(
  'an event no webhook of the merchant is subscribed to is logged as fanned out to none as it is recorded, never ' +
    'entering the outbox; the type a webhook takes is fanned out',
  async () => {
    const merchant = await newMerchant();
    const hook = await receiver();
    await subscribeWebhook(merchant.owner.accountId, hook.url, ['payment-request:refund-completed']);
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    expect((await pay(payer, pr.id, 'unsubscribed-paid')).status).toBe(200);
    const logged = () => loggedOf(merchant, pr.id);
    const [paid] = await waitFor(logged, (events) => events.length === 1);
    expect(paid).toMatchObject({ type: 'payment-request:paid', dispatchedAt: paid.createdAt, deliveries: [] });
    const { Item } = await db().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: `WEBHOOKEVENT#${paid.id}`, SK: 'WEBHOOKEVENT' } }),
    );
    expect(Item).toMatchObject({ id: paid.id, dispatchedAt: paid.createdAt });
    expect(Item).not.toHaveProperty('GSI1PK');

    const refund = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: { currency: 'NZD', amount: '100' }, externalRef: 'unsubscribed-refund' },
    });
    expect(refund.status).toBe(200);
    const [delivered] = await hook.waitForAccepted(1);
    expect(delivered.body.type).toBe('payment-request:refund-completed');
    await waitFor(logged, (all) => all.some((e) => e.id === delivered.body.id && e.deliveries.length === 1));
  },
);
