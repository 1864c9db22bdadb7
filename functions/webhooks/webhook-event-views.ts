import type { FromSchema } from 'json-schema-to-ts';
import type { webhookEvent } from './schemas';
import type { LoggedEvent } from '../core/webhooks/event-log';
import { presentDelivery } from './delivery-store';
import { webhookDeliveryEntity } from './entities';

type EventView = FromSchema<typeof webhookEvent>;

/** The event as its log shows it: what receivers get, and every delivery made of it, newest first. */
export async function eventViews(events: LoggedEvent[]): Promise<EventView[]> {
  const stored = await webhookDeliveryEntity.getMany(events.flatMap((e) => e.deliveryIds.map((id): [string] => [id])));
  const deliveries = new Map(stored.map((d) => [d.id, presentDelivery(d)]));
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
