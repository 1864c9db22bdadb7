import { newestFirstPage, type Page } from '../db/pagination';
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
