import { derivedId } from '../core/ids';
import { requestFirstAttempts } from '../core/webhooks/delivery-queue';
import { recordEventDeliveries } from '../core/webhooks/event-log';
import { findWebhookEvent, markWebhookEventDispatched, type WebhookEvent } from '../core/webhooks/outbox';
import { accountClock } from './account-clock';
import { createDelivery, type WebhookDelivery } from './delivery-store';
import { queryWebhooks } from './webhook-store';

/**
 * Turns an event into one delivery per receiver, takes it out of the outbox, and asks for each
 * first attempt. Delivery ids derive from (event, receiver), so a repeated dispatch (a stream record
 * retried, the sweep, an SQS redelivery) finds the same deliveries; a delivery attempted already
 * drops the repeated request for its first attempt (advanceDelivery).
 */
export async function fanOutEvent(eventId: string): Promise<void> {
  const event = await findWebhookEvent(eventId);
  if (!event) return;
  const at = await (await accountClock(event.accountId))();
  const deliveries = await deliveriesOf(event, at.toISOString());
  await Promise.all(deliveries.map(createDelivery));
  // The event log names them (before the event leaves the outbox: a crash in between repeats both).
  if (event.kind === 'notification')
    await recordEventDeliveries(
      event.id,
      deliveries.map((d) => d.id),
    );
  await requestFirstAttempts(deliveries.map((delivery) => delivery.id));
  await markWebhookEventDispatched(event.id, at);
}

async function deliveriesOf(event: WebhookEvent, createdAt: string): Promise<WebhookDelivery[]> {
  const base = { accountId: event.accountId, eventId: event.id, status: 'pending' as const, attempts: [], createdAt };
  if (event.kind === 'sales-channel')
    return [
      {
        ...base,
        id: derivedId('webhookDelivery', event.id, 'notificationUrl'),
        kind: 'sales-channel',
        url: event.notificationUrl,
      },
    ];
  if (event.kind === 'legacy') {
    return [
      {
        ...base,
        id: derivedId('webhookDelivery', event.id, 'notifyUrl'),
        kind: 'legacy',
        transactionType: event.transactionType,
        url: event.notifyUrl,
      },
    ];
  }
  const subscribed = (await queryWebhooks(event.accountId)).filter((webhook) => webhook.types.includes(event.type));
  return subscribed.map((webhook) => ({
    ...base,
    id: derivedId('webhookDelivery', event.id, webhook.id),
    kind: 'notification',
    type: event.type,
    webhookId: webhook.id,
    url: webhook.url,
  }));
}
