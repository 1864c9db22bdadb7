import { STREAM_CONSUMERS, streamFilterMatches } from '../../functions/core/infrastructure';

describe('the webhook events stream filter', () => {
  const webhookEvents = STREAM_CONSUMERS.find((c) => c.consumer === 'webhook-events')!;
  const image = (attributes: Record<string, string>) => ({
    dynamodb: { NewImage: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, { S: v }])) },
  });
  const inOutbox = { PK: 'WEBHOOKEVENT#abc', SK: 'WEBHOOKEVENT', GSI1PK: 'WEBHOOKOUTBOX#3', id: 'abc' };

  it('lets through a webhook event inserted into the outbox', () => {
    expect(streamFilterMatches(webhookEvents, { eventName: 'INSERT', ...image(inOutbox) })).toBe(true);
  });

  it.each([
    ['a change to an event (its dispatch)', { eventName: 'MODIFY', ...image(inOutbox) }],
    ['a removal (TTL)', { eventName: 'REMOVE', ...image(inOutbox) }],
    ['another item', { eventName: 'INSERT', ...image({ ...inOutbox, PK: 'PR#abc' }) }],
    [
      'an event written outside the outbox',
      { eventName: 'INSERT', ...image({ PK: 'WEBHOOKEVENT#abc', SK: 'WEBHOOKEVENT' }) },
    ],
    ['a record without an image', { eventName: 'INSERT' }],
  ])('skips %s', (_, record) => {
    expect(streamFilterMatches(webhookEvents, record)).toBe(false);
  });
});

describe('the promotion payments stream filter', () => {
  const promotions = STREAM_CONSUMERS.find((c) => c.consumer === 'promotion-payments')!;
  const inserted = (attributes: Record<string, string>) => ({
    eventName: 'INSERT',
    dynamodb: { NewImage: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, { S: v }])) },
  });
  const activity = { PK: 'PR#abc', SK: 'ACTIVITY#0000000002', paymentRequestId: 'abc' };

  it.each([
    ['the payment that settled its request (activity version 2)', { ...activity, type: 'payment', settles: 'paid' }],
    [
      'a `paid` activity (version 1, written by a pay of the previous code while a deploy switches over)',
      {
        ...activity,
        type: 'paid',
      },
    ],
  ])('lets through %s', (_, image) => {
    expect(streamFilterMatches(promotions, inserted(image))).toBe(true);
  });

  it.each([
    ['a payment that left its request unpaid', { ...activity, type: 'payment' }],
    ['another activity', { ...activity, type: 'refund' }],
    ['a paid request itself', { PK: 'PR#abc', SK: 'PR', status: 'paid', type: 'paid' }],
  ])('skips %s', (_, image) => {
    expect(streamFilterMatches(promotions, inserted(image))).toBe(false);
  });
});
