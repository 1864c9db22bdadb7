import { derivedId } from '../core/ids';
import { recordEventDeliveries } from '../core/webhooks/event-log';
import { findWebhookEvent, markWebhookEventDispatched, type WebhookEvent } from '../core/webhooks/outbox';
import { accountClock } from './account-clock';
import { advanceDelivery } from './advance-delivery';
import { createDelivery, type WebhookDelivery } from './delivery-store';
import { listWebhooks } from './webhook-store';

/**
 * Turns an event into one delivery per receiver, takes it out of the outbox, and makes each first
 * attempt. Delivery ids derive from (event, receiver), so a repeated message (SQS redelivery, the
 * sweep) finds the same deliveries; only a delivery never attempted yet is attempted again.
 */
export async function fanOutEvent(eventId: string): Promise<void> {
  const event = await findWebhookEvent(eventId);
  if (!event) return;
  const at = await (await accountClock(event.accountId))();
  const deliveries = await deliveriesOf(event, at.toISOString());
  await Promise.all(deliveries.map(createDelivery));
  // The event log names them (before the event leaves the outbox: a crash in between repeats both).
  if (event.kind === 'notification') await recordEventDeliveries(event.id, deliveries.map((d) => d.id));
  await markWebhookEventDispatched(event.id, at);
  const attempts = await Promise.allSettled(deliveries.map((delivery) => advanceDelivery({ deliveryId: delivery.id })));
  const failed = attempts.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

async function deliveriesOf(event: WebhookEvent, createdAt: string): Promise<WebhookDelivery[]> {
  const base = { accountId: event.accountId, eventId: event.id, status: 'pending' as const, attempts: [], createdAt };
  if (event.kind === 'legacy') {
    return [{ ...base, id: derivedId('webhookDelivery', event.id, 'notifyUrl'), kind: 'legacy', transactionType: event.transactionType, url: event.notifyUrl }];
  }
  const subscribed = (await listWebhooks(event.accountId)).filter((webhook) => webhook.types.includes(event.type));
  return subscribed.map((webhook) => ({
    ...base,
    id: derivedId('webhookDelivery', event.id, webhook.id),
    kind: 'notification',
    type: event.type,
    webhookId: webhook.id,
    url: webhook.url,
  }));
}
