import type { FromSchema } from 'json-schema-to-ts';
import type { redeliverWebhookEventBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { sendMessages } from '../core/queues';
import type { DeliveryMessage } from '../core/webhooks/delivery-queue';
import { MAX_EVENT_DELIVERIES, recordRedeliveries, type LoggedEvent } from '../core/webhooks/event-log';
import { findWebhookEvent } from '../core/webhooks/outbox';
import { createDelivery, type WebhookDelivery } from './delivery-store';
import { eventViews } from './webhook-event-views';
import { queryWebhooks } from './webhook-store';

type RedeliverBody = FromSchema<typeof redeliverWebhookEventBody>;

/** An account's notification event by id, else FORBIDDEN (a missing event and another account's answer alike). */
async function eventOf(accountId: string, eventId: string): Promise<LoggedEvent> {
  const event = await findWebhookEvent(eventId);
  if (event?.kind !== 'notification' || event.accountId !== accountId) throw forbidden();
  const { deliveryIds } = event as unknown as { deliveryIds?: Iterable<string> };
  return { ...event, deliveryIds: deliveryIds ? [...deliveryIds] : [] };
}

/**
 * Delivers an event again: a new delivery (its own attempts and retry schedule, `redelivery: true`)
 * to each endpoint now subscribed to the event's type, or to the one named. The body receivers get
 * is the event's, `id` included, so a receiver that saw it already can tell. Answers the event with
 * its deliveries, the new ones pending; their first attempt runs off the API call. An event holds at most
 * MAX_EVENT_DELIVERIES: past that, WEBHOOK_REDELIVERY_LIMIT_EXCEEDED and nothing is made.
 */
export const redeliverWebhookEvent = authedOperation<RedeliverBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const event = await eventOf(account.id, params.eventId);
  const webhooks = await queryWebhooks(account.id);
  let targets = webhooks.filter((webhook) => webhook.types.includes(event.type));
  if (body.webhookId !== undefined) {
    // One endpoint of the account, subscribed to the type or not: the caller chose it.
    targets = webhooks.filter((webhook) => webhook.id === body.webhookId);
    if (!targets.length) throw forbidden();
  }
  if (event.deliveryIds.length + targets.length > MAX_EVENT_DELIVERIES)
    throw businessRule('WEBHOOK_REDELIVERY_LIMIT_EXCEEDED');
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
  // Named on the event first, under the limit (two redeliveries racing both fit or one is refused): a delivery made
  // is never left pending unlisted; a crash before it is made leaves an id the log skips.
  await recordRedeliveries(
    event.id,
    made.map((d) => d.id),
  );
  await Promise.all(made.map(createDelivery));
  await sendMessages(
    'webhooks',
    made.map((d) => ({ body: { deliveryId: d.id } satisfies DeliveryMessage })),
  );
  return (await eventViews([{ ...event, deliveryIds: [...event.deliveryIds, ...made.map((d) => d.id)] }]))[0];
});
