import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type {
  createTestWebhookEventBody,
  listWebhookEventsQuery,
  redeliverWebhookEventBody,
  webhookEvent,
} from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { runTransaction } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { sendMessages } from '../core/queues';
import type { DeliveryMessage } from '../core/webhooks/delivery-queue';
import { accountWebhookEventsPage, recordEventDeliveries, type LoggedEvent } from '../core/webhooks/event-log';
import { findWebhookEvent, webhookEventSteps, type NotificationType } from '../core/webhooks/outbox';
import { createDelivery, presentDelivery, type WebhookDelivery } from './delivery-store';
import { webhookDeliveryEntity } from './entities';
import { listWebhooks } from './webhook-store';

type EventView = FromSchema<typeof webhookEvent>;
type Query = FromSchema<typeof listWebhookEventsQuery>;
type RedeliverBody = FromSchema<typeof redeliverWebhookEventBody>;
type TestEventBody = FromSchema<typeof createTestWebhookEventBody>;

/** Deliveries by id, in pages of 100 keys (BatchGet's limit). */
async function deliveriesById(ids: string[]): Promise<Map<string, WebhookDelivery>> {
  const found = new Map<string, WebhookDelivery>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => webhookDeliveryEntity.key(id));
    // Unprocessed keys (throttling) are asked for again.
    while (keys?.length) {
      const out: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [config().tableName]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[config().tableName] ?? []) {
        const delivery = presentDelivery(item);
        found.set(delivery.id, delivery);
      }
      keys = out.UnprocessedKeys?.[config().tableName]?.Keys;
    }
  }
  return found;
}

/** The event as its log shows it: what receivers get, and every delivery made of it, newest first. */
async function views(events: LoggedEvent[]): Promise<EventView[]> {
  const deliveries = await deliveriesById(events.flatMap((e) => e.deliveryIds));
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    accountId: event.accountId,
    test: event.test,
    createdAt: event.createdAt,
    ...(event.dispatchedAt ? { dispatchedAt: event.dispatchedAt } : {}),
    ...(event.paymentRequestId ? { paymentRequestId: event.paymentRequestId } : {}),
    ...(event.sample ? { sample: true } : {}),
    data: event.data,
    deliveries: event.deliveryIds
      .flatMap((id) => deliveries.get(id) ?? [])
      .sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1)),
  }));
}

/** An account's notification event by id, else FORBIDDEN (a missing event and another account's answer alike). */
async function eventOf(accountId: string, eventId: string): Promise<LoggedEvent> {
  const event = await findWebhookEvent(eventId);
  if (!event || event.kind !== 'notification' || event.accountId !== accountId) throw forbidden();
  const { deliveryIds } = event as unknown as { deliveryIds?: Iterable<string> };
  return { ...event, deliveryIds: deliveryIds ? [...deliveryIds] : [] };
}

/** The account's event log: notification events newest first (kept 30 days), paginated. */
export const listWebhookEvents = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  const page = await accountWebhookEventsPage(account.id, query);
  return { ...page, items: await views(page.items) };
});

/**
 * Delivers an event again: a new delivery (its own attempts and retry schedule, `redelivery: true`)
 * to each endpoint now subscribed to the event's type, or to the one named. The body receivers get
 * is the event's, `id` included, so a receiver that saw it already can tell. Answers the event with
 * its deliveries, the new ones pending; their first attempt runs off the API call.
 */
export const redeliverWebhookEvent = authedOperation<RedeliverBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const event = await eventOf(account.id, params.eventId);
  const webhooks = await listWebhooks(account.id);
  let targets = webhooks.filter((webhook) => webhook.types.includes(event.type));
  if (body.webhookId !== undefined) {
    // One endpoint of the account, subscribed to the type or not: the caller chose it.
    targets = webhooks.filter((webhook) => webhook.id === body.webhookId);
    if (!targets.length) throw forbidden();
  }
  const createdAt = isoTimestamp(now);
  const made: WebhookDelivery[] = targets.map((webhook) => ({
    id: newId('webhookDelivery'),
    accountId: account.id,
    eventId: event.id,
    kind: 'notification',
    type: event.type,
    webhookId: webhook.id,
    url: webhook.url,
    status: 'pending',
    attempts: [],
    redelivery: true,
    createdAt,
  }));
  await Promise.all(made.map(createDelivery));
  await recordEventDeliveries(
    event.id,
    made.map((d) => d.id),
  );
  await sendMessages(
    'webhooks',
    made.map((d) => ({ body: { deliveryId: d.id } satisfies DeliveryMessage })),
  );
  return (await views([{ ...event, deliveryIds: [...event.deliveryIds, ...made.map((d) => d.id)] }]))[0];
});

/**
 * Sample data of a type: for payment-request types a Payment Activity as the real event carries it,
 * with made-up ids; a type without a sample of its own gets a minimal record (id, account, time).
 */
function sampleData(
  type: NotificationType,
  accountId: string,
  test: boolean,
  createdAt: string,
): Record<string, unknown> {
  if (!type.startsWith('payment-request:')) return { id: newId(), accountId, createdAt };
  const base = {
    id: newId(),
    paymentRequestId: newId(),
    merchantId: newId(),
    merchantAccountId: accountId,
    merchantName: 'Sample Merchant',
    value: { currency: 'NZD', amount: '1000' },
    assetType: test ? 'svc.nzd.test' : 'svc.nzd.main',
    createdAt,
    createdBy: 'crn::service:payments-api',
  };
  return type === 'payment-request:paid'
    ? { ...base, type: 'paid', activityNumber: '2', shortCode: '000000' }
    : { ...base, type: 'refund', activityNumber: '3', externalRef: 'sample-refund', strategy: { refunds: [] } };
}

/**
 * A test event of a type, with sample data: written to the outbox like any event (so it is fanned
 * out, delivered, retried and logged the same way), marked `sample` in the log; receivers get the
 * documented body. Answers the logged event (its deliveries appear once it is fanned out).
 */
export const createTestWebhookEvent = authedOperation<TestEventBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const createdAt = isoTimestamp(now);
  const test = account.test === true;
  const { events, steps } = webhookEventSteps(
    [
      {
        kind: 'notification',
        accountId: account.id,
        test,
        type: body.type,
        data: sampleData(body.type, account.id, test, createdAt),
        sample: true,
      },
    ],
    createdAt,
  );
  await runTransaction(steps);
  return (await views([{ ...(events[0] as LoggedEvent), deliveryIds: [] }]))[0];
});
