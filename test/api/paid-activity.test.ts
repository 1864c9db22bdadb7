import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { derivedId } from '../../functions/core/ids';
import { paymentActivityEntity } from '../../functions/payment-requests/keys';
import { api, type Json } from '../support/api';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';
import { receiversOfThisFile, subscribeWebhook } from '../support/webhook-receiver';

/**
 * A payment that settles its request stores no `paid` activity of its own: the payment is marked as settling and
 * the `paid` activity is read from it. Both listings (paged at any size), the `payment-request:paid` webhook and the
 * pay's answer show what a stored `paid` activity showed; an older stored `paid` item is read as it is, once.
 */
const receiver = receiversOfThisFile();
const TABLE = () => process.env.TABLE_NAME;

const requestActivities = async (merchant: MerchantSetup, paymentRequestId: string): Promise<Json[]> => {
  const res = await api('GET', `/api/payment-requests/${paymentRequestId}/activities`, { key: merchant.owner.apiKey });
  expect(res.status).toBe(200);
  return res.body.items;
};

/** The merchant's activities, every page of `paginationLimit` read in turn. */
async function merchantActivities(merchant: MerchantSetup, paginationLimit: number): Promise<Json[]> {
  const items: Json[] = [];
  let pageKey: string | undefined;
  do {
    const query = `merchantId=${merchant.merchantId}&paginationLimit=${paginationLimit}`;
    const res = await api(
      'GET',
      `/api/payment-activities?${query}${pageKey ? `&pageKey=${encodeURIComponent(pageKey)}` : ''}`,
      { key: merchant.owner.apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(paginationLimit);
    items.push(...res.body.items);
    pageKey = res.body.nextPageKey;
  } while (pageKey);
  return items;
}

/** What a `paid` activity shows of the payment that settled its request: the request's fields, payer and time. */
const SHARED = [
  'paymentRequestId',
  'merchantId',
  'merchantConfigId',
  'merchantAccountId',
  'merchantName',
  'paymentRequestCreatedBy',
  'createdAt',
  'createdBy',
];

/** The `paid` activity of a payment that settled its request for `value`, numbered after it. */
const paidAfter = (payment: Json, value: Json, shortCode: string) => {
  const activityNumber = String(Number(payment.activityNumber) + 1);
  return {
    ...Object.fromEntries(SHARED.map((field) => [field, payment[field]])),
    id: expect.any(String),
    type: 'paid',
    activityNumber,
    shortCode: `${shortCode}-${activityNumber.padStart(3, '0')}`,
    value,
  };
};

it('a settling payment shows its paid activity in both listings, paged by 1, and in its webhook', async () => {
  const merchant = await newMerchant();
  const hook = await receiver();
  await subscribeWebhook(merchant.owner.accountId, hook.url, ['payment-request:paid']);
  const payer = await newPayer('5000');
  const whole = await newPaymentRequest(merchant, { value: nzd('1000') });
  const paid = await pay(payer, whole.id, 'paid-whole');
  expect(paid.status).toBe(200);
  // The pay answers its payment, without the mark it is stored with.
  expect(paid.body.type).toBe('payment');
  expect(paid.body).not.toHaveProperty('settles');
  expect((await pay(payer, whole.id, 'paid-whole')).body).toEqual(paid.body);
  // Paid in two parts: the settling payment is of 200, the request's value 300.
  const parts = await newPaymentRequest(merchant, { value: nzd('300') });
  expect((await pay(payer, parts.id, 'part-1', { mode: 'multi-asset-payment', amount: '100' })).status).toBe(200);
  const last = await pay(payer, parts.id, 'part-2', { mode: 'multi-asset-payment', amount: '200' });
  expect(last.status).toBe(200);

  const ofWhole = await requestActivities(merchant, whole.id);
  expect(ofWhole.map((a) => a.type)).toEqual(['paid', 'payment', 'request']);
  expect(ofWhole[1]).toEqual(paid.body);
  expect(ofWhole[0]).toEqual(paidAfter(paid.body, nzd('1000'), whole.shortCode));
  const ofParts = await requestActivities(merchant, parts.id);
  expect(ofParts.map((a) => a.type)).toEqual(['paid', 'payment', 'payment', 'request']);
  expect(ofParts[0]).toEqual(paidAfter(last.body, nzd('300'), parts.shortCode));
  // The same id on every read.
  expect(await requestActivities(merchant, whole.id)).toEqual(ofWhole);
  expect(ofParts[0].id).not.toBe(ofWhole[0].id);

  // Newest first, each page resuming exactly where the last ended (between a `paid` and its payment too).
  const all = await merchantActivities(merchant, 100);
  expect(all).toEqual([...ofParts, ...ofWhole]);
  for (const size of [1, 2, 3]) expect(await merchantActivities(merchant, size)).toEqual(all);

  // The webhook: once per request, its data the listed `paid` activity, its id derived from the activity's number.
  const delivered = await hook.waitForAccepted(2);
  const byRequest = new Map(delivered.map((d) => [d.body.data.paymentRequestId, d.body]));
  for (const activity of [ofWhole[0], ofParts[0]]) {
    const event = byRequest.get(activity.paymentRequestId);
    expect(event).toMatchObject({ type: 'payment-request:paid', data: activity });
    expect(event.id).toBe(
      derivedId(undefined, 'webhook-event', activity.paymentRequestId, activity.activityNumber, 'payment-request:paid'),
    );
  }
  expect(delivered).toHaveLength(2);
});

it('an older stored paid activity is listed once, as stored', async () => {
  const merchant = await newMerchant();
  const payer = await newPayer('5000');
  const pr = await newPaymentRequest(merchant, { value: nzd('700') });
  expect((await pay(payer, pr.id, 'older')).status).toBe(200);
  const derived = await requestActivities(merchant, pr.id);

  // The version 1 layout: the payment unmarked, the `paid` activity an item of its own (an id of its own).
  const paymentKey = paymentActivityEntity.key(pr.id, 2);
  const { Item: stored } = await db().send(
    new GetCommand({ TableName: TABLE(), Key: paymentKey, ConsistentRead: true }),
  );
  expect(stored).toMatchObject({ type: 'payment', settles: 'paid', v: 2 });
  const { settles: _settles, ...unmarked } = stored!;
  const older = { ...derived[0], id: derivedId(undefined, 'older paid activity', pr.id) };
  await db().send(new PutCommand({ TableName: TABLE(), Item: { ...unmarked, v: 1 } }));
  await db().send(new PutCommand({ TableName: TABLE(), Item: { ...paymentActivityEntity.item(older), v: 1 } }));

  const listed = [older, ...derived.slice(1)];
  expect(await requestActivities(merchant, pr.id)).toEqual(listed);
  expect(await merchantActivities(merchant, 1)).toEqual(listed);
});
