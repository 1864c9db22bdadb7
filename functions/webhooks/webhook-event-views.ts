import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { webhookEvent } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import type { LoggedEvent } from '../core/webhooks/event-log';
import { presentDelivery, type WebhookDelivery } from './delivery-store';
import { webhookDeliveryEntity } from './entities';

type EventView = FromSchema<typeof webhookEvent>;

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
        const delivery = presentDelivery(webhookDeliveryEntity.parse(item));
        found.set(delivery.id, delivery);
      }
      keys = out.UnprocessedKeys?.[config().tableName]?.Keys;
    }
  }
  return found;
}

/** The event as its log shows it: what receivers get, and every delivery made of it, newest first. */
export async function eventViews(events: LoggedEvent[]): Promise<EventView[]> {
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
