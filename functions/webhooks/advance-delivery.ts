import { now } from '../core/clock';
import { countMetric, METRIC } from '../core/observability';
import { accountClock } from './account-clock';
import { scheduleDelivery, sendToDeadLetterQueue, type DeliveryMessage } from '../core/webhooks/delivery-queue';
import { findWebhookEvent, type WebhookEvent } from '../core/webhooks/outbox';
import { postJson, type PostOutcome } from '../core/webhooks/post';
import { nextAttemptAt, retryBaseSeconds } from '../core/webhooks/retry-schedule';
import {
  ATTEMPT_LEASE_MS,
  findDelivery,
  leaseForAttempt,
  recordAttempt,
  type DeliveryAttempt,
  type WebhookDelivery,
} from './delivery-store';
import { webhookRequest } from './webhook-request';

/**
 * Moves one delivery on for a message: drop it when stale (the delivery is done or has moved to
 * another schedule), send it on when early or while another worker attempts it, else attempt.
 * Every outcome is recorded conditionally, so duplicated messages never record an attempt twice.
 */
export async function advanceDelivery(message: DeliveryMessage): Promise<void> {
  const delivery = await findDelivery(message.deliveryId);
  if (delivery?.status !== 'pending' || delivery.nextAttemptAt !== message.nextAttemptAt) return;
  // The schedule is on the account's clock (a test account's test clock); the lease is real time.
  const clock = await accountClock(delivery.accountId);
  const at = await clock();
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > at.getTime()) {
    return scheduleDelivery(message, new Date(delivery.nextAttemptAt), at);
  }
  // Another copy of this message is attempting it: look again once that attempt must be over.
  if (!(await leaseForAttempt(delivery, now())))
    return scheduleDelivery(message, new Date(at.getTime() + ATTEMPT_LEASE_MS), at);
  await attempt(delivery, clock);
}

async function attempt(delivery: WebhookDelivery, clock: () => Promise<Date>): Promise<void> {
  const event = await findWebhookEvent(delivery.eventId);
  if (!event) throw new Error(`webhook event ${delivery.eventId} of delivery ${delivery.id} not found`);
  const startedAt = await clock();
  const started = now();
  // Signed at real time: receivers check the token's lifetime against their own clocks.
  const outcome = await signedPost(event, delivery.url, started);
  const durationMs = now().getTime() - started.getTime();
  const answeredAt = await clock();
  const record: DeliveryAttempt = {
    attemptNumber: delivery.attempts.length + 1,
    at: startedAt.toISOString(),
    ...outcome,
    durationMs,
  };
  if ('statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    await recordAttempt(delivery, record, { status: 'delivered', at: answeredAt });
    countMetric(METRIC.webhookDeliveries);
    return;
  }
  countMetric(METRIC.webhookDeliveryFailures);
  // A redelivery has retries of its own: two weeks from when it was asked for, not from the event.
  const retriedFrom = delivery.redelivery ? delivery.createdAt : event.createdAt;
  const next = nextAttemptAt(record.attemptNumber, retriedFrom, answeredAt, retryBaseSeconds(), Math.random());
  if (!next) {
    // Parked before it is recorded: a crash in between repeats the parking, never loses it.
    await sendToDeadLetterQueue({ deliveryId: delivery.id });
    await recordAttempt(delivery, record, { status: 'failed' });
    countMetric(METRIC.webhookDeliveriesParked);
    return;
  }
  // The message goes first: if recording then loses a race or fails, the new message finds the
  // delivery not moved to its schedule and is dropped, while the message being handled is retried.
  await scheduleDelivery({ deliveryId: delivery.id, nextAttemptAt: next.toISOString() }, next, answeredAt);
  await recordAttempt(delivery, record, { status: 'pending', nextAttemptAt: next });
}

/** Signing is part of the attempt: a missing signing key is a failed attempt, retried like any other. */
async function signedPost(event: WebhookEvent, url: string, at: Date): Promise<PostOutcome> {
  let request: Awaited<ReturnType<typeof webhookRequest>>;
  try {
    request = await webhookRequest(event, url, at);
  } catch (error) {
    return { error: `signing failed: ${(error as Error).message}` };
  }
  return postJson(url, request.body, request.headers);
}
