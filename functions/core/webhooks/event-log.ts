import { newestFirstPage, type Page } from '../db/pagination';
import { businessRule, forbidden } from '../errors/classes';
import { accountEventsPartition, webhookEventEntity, type WebhookEvent } from './outbox';

/**
 * An account's event log: its notification events (outbox records, kept 30 days) newest first,
 * each naming the deliveries made of it (fan-out and every redelivery add theirs).
 */
export type LoggedEvent = WebhookEvent & { kind: 'notification'; dispatchedAt?: string; deliveryIds: string[] };

function logged(item: Record<string, unknown>): LoggedEvent {
  const { deliveryIds, ...event } = webhookEventEntity.parse(item) as WebhookEvent & { deliveryIds?: Iterable<string> };
  return { ...(event as LoggedEvent), deliveryIds: deliveryIds ? [...deliveryIds].sort() : [] };
}

export function accountWebhookEventsPage(
  accountId: string,
  page: { paginationLimit?: number; pageKey?: string },
): Promise<Page<LoggedEvent>> {
  return newestFirstPage(accountEventsPartition(accountId), page, logged, undefined, 'GSI2');
}

/** Adds deliveries to an event's list (a string set: a repeated fan-out adds nothing twice). */
export async function recordEventDeliveries(eventId: string, deliveryIds: string[]): Promise<void> {
  if (!deliveryIds.length) return;
  await webhookEventEntity.update([eventId], { add: { deliveryIds: new Set(deliveryIds) } });
}

/**
 * Deliveries an event may hold once redelivered: each is shown with the event in its log and kept on the event's
 * record (an item of at most 400 KB), so redelivery stops here. Its fan-out is never refused.
 */
export const MAX_EVENT_DELIVERIES = 50;

/**
 * Adds a redelivery's deliveries to the event's list, only while it then holds at most MAX_EVENT_DELIVERIES
 * (else WEBHOOK_REDELIVERY_LIMIT_EXCEEDED, adding none; a missing event is FORBIDDEN).
 */
export async function recordRedeliveries(eventId: string, deliveryIds: string[]): Promise<void> {
  if (!deliveryIds.length) return;
  await webhookEventEntity.update([eventId], {
    add: { deliveryIds: new Set(deliveryIds) },
    if: {
      expression: 'attribute_not_exists(deliveryIds) OR size(deliveryIds) <= :room',
      values: { ':room': MAX_EVENT_DELIVERIES - deliveryIds.length },
    },
    onConditionFailed: (old) => (old ? businessRule('WEBHOOK_REDELIVERY_LIMIT_EXCEEDED') : forbidden()),
  });
}
