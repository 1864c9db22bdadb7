import { conditionHeld } from '../core/db/condition-held';
import { webhookDelivery } from './schemas';
import { isoTimestamp } from '../core/clock';
import { EntityExistsError, publicView } from '../core/db/entity';
import { webhookDeliveryEntity, type StoredWebhookDelivery, type WebhookDelivery } from './entities';

export type { WebhookDelivery } from './entities';
export type DeliveryAttempt = WebhookDelivery['attempts'][number];

/** Delivery records outlive their event's retries (two weeks) long enough to be looked at. */
const RETENTION_SECONDS = 30 * 24 * 3600;

/** Creates the delivery unless it exists: a repeated fan-out of the same event finds it instead of duplicating it. */
export async function createDelivery(delivery: WebhookDelivery): Promise<void> {
  try {
    await webhookDeliveryEntity.create(delivery, {
      extra: { ttl: Math.floor(Date.parse(delivery.createdAt) / 1000) + RETENTION_SECONDS },
    });
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
  }
}

export const findDelivery = (id: string): Promise<StoredWebhookDelivery | undefined> => webhookDeliveryEntity.get(id);

/** How long a worker holds a delivery while attempting it: longer than an attempt can take. */
export const ATTEMPT_LEASE_MS = 30_000;

/**
 * Takes the delivery for one attempt if it is still pending as seen and no other worker holds it,
 * so two copies of a message never POST the same attempt side by side. A worker that dies
 * mid-attempt holds it only until the lease ends.
 */
export function leaseForAttempt(delivery: WebhookDelivery, now: Date): Promise<boolean> {
  return conditionHeld(
    webhookDeliveryEntity.update([delivery.id], {
      set: { attemptLeaseUntil: isoTimestamp(new Date(now.getTime() + ATTEMPT_LEASE_MS)) },
      if: {
        expression:
          '#status = :pending AND size(attempts) = :seen AND ' +
          '(attribute_not_exists(attemptLeaseUntil) OR attemptLeaseUntil < :now)',
        names: { '#status': 'status' },
        values: { ':now': isoTimestamp(now), ':pending': 'pending', ':seen': delivery.attempts.length },
      },
    }),
  );
}

/** A stored delivery as receivers' owners see it: the WebhookDelivery schema's fields (never the attempt lease). */
export const presentDelivery = (delivery: StoredWebhookDelivery): WebhookDelivery =>
  publicView<WebhookDelivery>(webhookDelivery, delivery);

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
  // The whole list as seen plus this attempt: the condition holds only while the stored list is the one seen.
  const set: Record<string, unknown> = { attempts: [...delivery.attempts, attempt] };
  let remove: string[];
  switch (result.status) {
    case 'delivered':
      Object.assign(set, { status: 'delivered', deliveredAt: isoTimestamp(result.at) });
      remove = ['nextAttemptAt', 'attemptLeaseUntil'];
      break;
    case 'pending':
      set.nextAttemptAt = isoTimestamp(result.nextAttemptAt);
      remove = ['attemptLeaseUntil'];
      break;
    case 'failed':
      set.status = 'failed';
      remove = ['nextAttemptAt', 'attemptLeaseUntil'];
      break;
  }
  await conditionHeld(
    webhookDeliveryEntity.update([delivery.id], {
      set,
      remove,
      if: {
        expression: '#status = :pending AND size(attempts) = :seen',
        names: { '#status': 'status' },
        values: { ':pending': 'pending', ':seen': delivery.attempts.length },
      },
    }),
  );
}
