import { QueryCommand } from '../db/document';
import { config } from '../config';
import { db } from '../db/client';
import { defineEntity, EntityExistsError } from '../db/entity';
import type { TransactionStep } from '../db/transaction';
import { newId } from '../ids';
import { sendMessages } from '../queues';
import type { NotificationType } from './notification-types';
import { WEBHOOK_EVENT_KEY_PREFIX, WEBHOOK_OUTBOX_PREFIX } from './outbox-keys';

export type { NotificationType } from './notification-types';

/** Legacy `transactionType` values sent to a legacy request's `notifyUrl`. */
export type LegacyTransactionType = 'CANCELLED' | 'EXPIRED' | 'PURCHASE' | 'REFUND';

/**
 * Something that happened and must reach webhook receivers. `notification`: delivered to every
 * endpoint of the account subscribed to its type. `legacy`: delivered to one `notifyUrl` as
 * `{token: <JWT of payload>}`. `sales-channel`: a channel's digest, delivered to its one `notificationUrl`,
 * signed as notifications are.
 */
export type WebhookEventInput =
  | {
      kind: 'notification';
      accountId: string;
      test: boolean;
      type: NotificationType;
      data: Record<string, unknown>;
      paymentRequestId?: string;
      /** A test event (`POST …/webhook-events/test`): sample data, no state change behind it. */
      sample?: boolean;
    }
  | {
      kind: 'legacy';
      accountId: string;
      test: boolean;
      transactionType: LegacyTransactionType;
      notifyUrl: string;
      payload: Record<string, unknown>;
      paymentRequestId: string;
    }
  | {
      kind: 'sales-channel';
      accountId: string;
      test: boolean;
      salesChannelId: string;
      notificationUrl: string;
      data: Record<string, unknown>;
    };

export type WebhookEvent = WebhookEventInput & { id: string; createdAt: string };

/** Undispatched events, spread over a few partitions so the outbox never becomes one hot key. */
export const WEBHOOK_OUTBOX_SHARDS = 8;
/** The outbox index partition (GSI1) of one shard; an event leaves it once dispatched. */
const outboxPartition = (shard: number) => `${WEBHOOK_OUTBOX_PREFIX}${shard}`;
const webhookEventKey = (id: string) => ({ PK: `${WEBHOOK_EVENT_KEY_PREFIX}${id}`, SK: 'WEBHOOKEVENT' });
/** The index partition (GSI2) of an account's notification events, newest first: its event log. */
export const accountEventsPartition = (accountId: string) => `ACCOUNTEVENTS#${accountId}`;
/**
 * Outbox order is real time, never later: an event of a test account whose clock runs ahead is swept like any other.
 */
const outboxTime = (createdAt: string) => (createdAt < new Date().toISOString() ? createdAt : new Date().toISOString());

/** A webhook event as stored (a row of core/db/keys.ts's key table), with `dispatchedAt` once fanned out. */
export const webhookEventEntity = defineEntity<WebhookEvent & { dispatchedAt?: string }, [id: string]>({
  type: 'webhook-event',
  version: 1,
  key: webhookEventKey,
  keyOf: (e) => webhookEventKey(e.id),
  // An event stored dispatched (no receiver took it: recordDerivedWebhookEvents) never enters the outbox.
  indexes: (e) => ({
    ...(e.dispatchedAt ? {} : { GSI1PK: outboxPartition(shardOf(e.id)), GSI1SK: `${outboxTime(e.createdAt)}#${e.id}` }),
    ...(e.kind === 'notification'
      ? { GSI2PK: accountEventsPartition(e.accountId), GSI2SK: `${e.createdAt}#${e.id}` }
      : {}),
  }),
  required: ['id', 'kind', 'accountId', 'test', 'createdAt'],
});

/** Outbox records stay readable for a month, then TTL housekeeping may drop them. */
const RETENTION_SECONDS = 30 * 24 * 3600;

const shardOf = (id: string) => id.charCodeAt(id.length - 1) % WEBHOOK_OUTBOX_SHARDS;

const retention = (event: WebhookEvent) => ({
  ttl: Math.floor(Date.parse(event.createdAt) / 1000) + RETENTION_SECONDS,
});

/**
 * The outbox: each event is written in the same transaction as the change that caused it, so an
 * event exists exactly when its change committed. The table's stream hands each new outbox event to
 * the dispatcher (core/infrastructure.ts STREAM_CONSUMERS), so the writer sends nothing after its
 * commit; an event the stream did not hand on stays in the outbox index until the sweep sends it on.
 * Payment requests' events are not written so: their stream consumer derives them (recordDerivedWebhookEvents).
 */
export function webhookEventSteps(
  inputs: WebhookEventInput[],
  at: string,
): { events: WebhookEvent[]; steps: TransactionStep[] } {
  const events = inputs.map((input) => ({ ...input, id: newId(), createdAt: at }) as WebhookEvent);
  const steps = events.map((event) => webhookEventEntity.createStep(event, { extra: retention(event) }));
  return { events, steps };
}

/**
 * Writes events derived from a committed change into the outbox, each only if its id (derived from what raised it)
 * is free: a stream record handled again writes nothing twice, so its events enter the outbox, and are fanned out
 * (the stream hands each new one on, as webhookEventSteps' are), once. An event `received` says no receiver takes
 * (an account with no webhook subscribed to its type) is stored as fanned out to none, dispatched as it was
 * created: in the account's event log, never in the outbox, so nothing reads or rewrites it to send it nowhere.
 */
export async function recordDerivedWebhookEvents(
  events: WebhookEvent[],
  received: (event: WebhookEvent) => boolean,
): Promise<void> {
  await Promise.all(
    events.map((event) =>
      webhookEventEntity
        .create(received(event) ? event : { ...event, dispatchedAt: event.createdAt }, { extra: retention(event) })
        .catch((error: unknown) => {
          if (!(error instanceof EntityExistsError)) throw error;
        }),
    ),
  );
}

/** The message with which the sweep asks the webhook consumer to fan an event out to its receivers. */
export interface DispatchMessage {
  eventId: string;
}

/** Asks the webhook consumer to fan these committed events out. */
export function dispatchWebhookEvents(eventIds: string[]): Promise<void> {
  return sendMessages(
    'webhooks',
    eventIds.map((eventId) => ({ body: { eventId } satisfies DispatchMessage })),
  );
}

export function findWebhookEvent(id: string): Promise<WebhookEvent | undefined> {
  return webhookEventEntity.get(id);
}

/** Takes a fanned-out event out of the outbox index, so the sweep stops sending it on. */
export async function markWebhookEventDispatched(id: string, at: Date): Promise<void> {
  await webhookEventEntity.update([id], {
    setIfAbsent: { dispatchedAt: at.toISOString() },
    remove: ['GSI1PK', 'GSI1SK'],
  });
}

/**
 * Ids of one shard's events still in the outbox and created before `before`, oldest first: at most
 * `maxPages` pages, so one sweep run stays bounded however large a backlog grows.
 */
export async function undispatchedWebhookEventIds(shard: number, before: Date, maxPages: number): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  for (let page = 0; page < maxPages; page++) {
    const out = await db().send(
      new QueryCommand({
        TableName: config().tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
        ExpressionAttributeValues: { ':pk': outboxPartition(shard), ':before': before.toISOString() },
        ProjectionExpression: 'id',
        Limit: 100,
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(out.Items ?? []).map((item) => item.id as string));
    startKey = out.LastEvaluatedKey;
    if (!startKey) break;
  }
  return ids;
}
