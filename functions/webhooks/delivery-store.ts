import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { webhookDelivery } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { conditionHeld } from '../core/db/condition-held';
import { publicView } from '../core/db/entity';
import { webhookDeliveryEntity, type StoredWebhookDelivery, type WebhookDelivery } from './entities';

export type { WebhookDelivery } from './entities';
export type DeliveryAttempt = WebhookDelivery['attempts'][number];

/** Delivery records outlive their event's retries (two weeks) long enough to be looked at. */
const RETENTION_SECONDS = 30 * 24 * 3600;

/** Creates the delivery unless it exists: a repeated fan-out of the same event finds it instead of duplicating it. */
export async function createDelivery(delivery: WebhookDelivery): Promise<void> {
  await conditionHeld(
    db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: webhookDeliveryEntity.item(delivery, {
          ttl: Math.floor(Date.parse(delivery.createdAt) / 1000) + RETENTION_SECONDS,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

export async function findDelivery(id: string): Promise<StoredWebhookDelivery | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: webhookDeliveryEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? webhookDeliveryEntity.parse(out.Item) : undefined;
}

/** How long a worker holds a delivery while attempting it: longer than an attempt can take. */
export const ATTEMPT_LEASE_MS = 30_000;

/**
 * Takes the delivery for one attempt if it is still pending as seen and no other worker holds it,
 * so two copies of a message never POST the same attempt side by side. A worker that dies
 * mid-attempt holds it only until the lease ends.
 */
export function leaseForAttempt(delivery: WebhookDelivery, now: Date): Promise<boolean> {
  return conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: webhookDeliveryEntity.key(delivery.id),
        UpdateExpression: 'SET attemptLeaseUntil = :until',
        ConditionExpression:
          '#status = :pending AND size(attempts) = :seen AND (attribute_not_exists(attemptLeaseUntil) OR attemptLeaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': isoTimestamp(new Date(now.getTime() + ATTEMPT_LEASE_MS)),
          ':now': isoTimestamp(now),
          ':pending': 'pending',
          ':seen': delivery.attempts.length,
        },
      }),
    ),
  );
}

/** A stored delivery as receivers' owners see it: the WebhookDelivery schema's fields (never the attempt lease). */
export function presentDelivery(item: Record<string, unknown>): WebhookDelivery {
  return publicView<WebhookDelivery>(webhookDelivery, webhookDeliveryEntity.parse(item));
}

/** What an attempt leads to: done, another attempt at `nextAttemptAt`, or given up. */
export type AttemptResult =
  | { status: 'delivered'; at: Date }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed' };

/**
 * Appends an attempt and moves the delivery on, only if it is still pending with exactly the
 * attempts the caller saw: of two workers racing on one delivery (a duplicated message) one records,
 * the other's write is dropped, so no attempt and no "delivered" is ever recorded twice.
 */
export async function recordAttempt(
  delivery: WebhookDelivery,
  attempt: DeliveryAttempt,
  result: AttemptResult,
): Promise<void> {
  const values: Record<string, unknown> = {
    ':attempt': [attempt],
    ':pending': 'pending',
    ':seen': delivery.attempts.length,
  };
  let update = 'SET attempts = list_append(attempts, :attempt)';
  switch (result.status) {
    case 'delivered':
      update += ', #status = :delivered, deliveredAt = :at REMOVE nextAttemptAt, attemptLeaseUntil';
      Object.assign(values, { ':delivered': 'delivered', ':at': isoTimestamp(result.at) });
      break;
    case 'pending':
      update += ', nextAttemptAt = :next REMOVE attemptLeaseUntil';
      values[':next'] = isoTimestamp(result.nextAttemptAt);
      break;
    case 'failed':
      update += ', #status = :failed REMOVE nextAttemptAt, attemptLeaseUntil';
      values[':failed'] = 'failed';
      break;
  }
  await conditionHeld(
    db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: webhookDeliveryEntity.key(delivery.id),
        UpdateExpression: update,
        ConditionExpression: '#status = :pending AND size(attempts) = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
