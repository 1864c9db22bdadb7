import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlVariable } from '../../../lib/definitions';
import { config } from '../config';
import { webhookEventKey, webhookOutboxIndex, WEBHOOK_OUTBOX_SHARDS } from '../db/keys';
import type { TransactionStep } from '../db/transaction';
import { newId } from '../ids';

/** Next-version notification types an account can subscribe a webhook endpoint to. */
export const NOTIFICATION_TYPES = [
  'payment-request:paid',
  'payment-request:refund-initiated',
  'payment-request:refund-completed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Legacy `transactionType` values sent to a legacy request's `notifyUrl`. */
export type LegacyTransactionType = 'CANCELLED' | 'EXPIRED' | 'PURCHASE' | 'REFUND';

/**
 * Something that happened and must reach webhook receivers. `notification`: delivered to every
 * endpoint of the account subscribed to its type. `legacy`: delivered to one `notifyUrl` as
 * `{token: <JWT of payload>}`.
 */
export type WebhookEventInput =
  | { kind: 'notification'; accountId: string; test: boolean; type: NotificationType; data: Record<string, unknown>; paymentRequestId?: string }
  | {
      kind: 'legacy';
      accountId: string;
      test: boolean;
      transactionType: LegacyTransactionType;
      notifyUrl: string;
      payload: Record<string, unknown>;
      paymentRequestId: string;
    };

export type WebhookEvent = WebhookEventInput & { id: string; createdAt: string };

/** Outbox records stay readable for a month, then TTL housekeeping may drop them. */
const RETENTION_SECONDS = 30 * 24 * 3600;

const shardOf = (id: string) => id.charCodeAt(id.length - 1) % WEBHOOK_OUTBOX_SHARDS;

/**
 * The outbox: each event is written in the same transaction as the change that caused it, so an
 * event exists exactly when its change committed. After the commit the dispatcher is woken; an
 * event whose wake-up was lost stays in the outbox index until the sweep sends it on.
 */
export function webhookEventSteps(inputs: WebhookEventInput[], at: string): { events: WebhookEvent[]; steps: TransactionStep[] } {
  const events = inputs.map((input) => ({ ...input, id: newId(), createdAt: at }) as WebhookEvent);
  const steps = events.map(
    (event): TransactionStep => ({
      item: {
        Put: {
          TableName: config().tableName,
          Item: {
            ...webhookEventKey(event.id),
            ...webhookOutboxIndex(shardOf(event.id), event.createdAt, event.id),
            ...event,
            ttl: Math.floor(Date.parse(at) / 1000) + RETENTION_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    }),
  );
  if (steps.length) steps[steps.length - 1].afterCommit = () => dispatchWebhookEvents(events.map((e) => e.id));
  return { events, steps };
}

/** The message that asks the webhook consumer to fan an event out to its receivers. */
export interface DispatchMessage {
  eventId: string;
}

let sqs: SQSClient | undefined;

/** Wakes the webhook consumer for committed events (SQS batches hold at most 10 entries). */
export async function dispatchWebhookEvents(eventIds: string[]): Promise<void> {
  const queueUrl = process.env[queueUrlVariable('webhooks')];
  if (!queueUrl) throw new Error(`${queueUrlVariable('webhooks')} is not set`);
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  for (let i = 0; i < eventIds.length; i += 10) {
    const batch = eventIds.slice(i, i + 10);
    const out = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((eventId, n) => ({ Id: String(n), MessageBody: JSON.stringify({ eventId } satisfies DispatchMessage) })),
      }),
    );
    if (out.Failed?.length) throw new Error(`webhook dispatch: ${out.Failed.length} of ${batch.length} messages not sent`);
  }
}
