import type { FromSchema } from 'json-schema-to-ts';
import { webhook, webhookDelivery } from './schemas';
import { defineEntity, type Selection } from '../core/db/entity';

/**
 * The webhooks group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own (core/webhooks/outbox.ts the webhook events).
 * Nothing else builds these keys.
 *
 * - webhook: PK ACCOUNT#<accountId>, SK WEBHOOK#<id>
 *   serves: an account's webhook endpoints (Query, a small operator-made set)
 * - webhook count: PK ACCOUNT#<accountId>, SK WEBHOOKCOUNT
 *   serves: the number of endpoints as last written, the guard of the account's limit
 * - webhook delivery: PK WEBHOOKDELIVERY#<id>, SK WEBHOOKDELIVERY
 *   GSI1 ACCOUNTDELIVERIES#<accountId>, <createdAt>#<id>
 *   serves: one (event, target) delivery; deliveries of an account, newest first
 */

export type Webhook = FromSchema<typeof webhook>;

const webhookKey = (accountId: string, id: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `WEBHOOK#${id}` });

export const webhookEntity = defineEntity<Webhook, [accountId: string, id: string]>({
  type: 'webhook',
  version: 1,
  key: webhookKey,
  keyOf: (w) => webhookKey(w.accountId, w.id),
  required: webhook.required,
});
/** An account's endpoints: one Query over its partition's `WEBHOOK#` sort keys. */
export const webhooksOfAccount = (accountId: string): Selection => {
  const { PK, SK } = webhookKey(accountId, '');
  return { partition: PK, sortKeyPrefix: SK };
};

/** How many endpoints an account had when they last changed: written with each change, conditional on the last. */
export interface WebhookCount {
  accountId: string;
  count: number;
}

const webhookCountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'WEBHOOKCOUNT' });

export const webhookCountEntity = defineEntity<WebhookCount, [accountId: string]>({
  type: 'webhook-count',
  version: 1,
  key: webhookCountKey,
  keyOf: (c) => webhookCountKey(c.accountId),
  required: ['accountId', 'count'],
});

export type WebhookDelivery = FromSchema<typeof webhookDelivery>;
/** Stored form: the attempt lease a worker holds while it attempts the delivery. */
export type StoredWebhookDelivery = WebhookDelivery & { attemptLeaseUntil?: string };

const webhookDeliveryKey = (id: string) => ({ PK: `WEBHOOKDELIVERY#${id}`, SK: 'WEBHOOKDELIVERY' });
/** The index partition of an account's deliveries (GSI1), newest first. */
export const accountDeliveriesPartition = (accountId: string) => `ACCOUNTDELIVERIES#${accountId}`;

export const webhookDeliveryEntity = defineEntity<StoredWebhookDelivery, [id: string]>({
  type: 'webhook-delivery',
  version: 1,
  key: webhookDeliveryKey,
  keyOf: (d) => webhookDeliveryKey(d.id),
  indexes: (d) => ({ GSI1PK: accountDeliveriesPartition(d.accountId), GSI1SK: `${d.createdAt}#${d.id}` }),
  required: webhookDelivery.required,
});
