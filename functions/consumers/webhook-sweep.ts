import { now } from '../core/clock';
import { observedConsumer } from '../core/consumer';
import { dispatchWebhookEvents, undispatchedWebhookEventIds, WEBHOOK_OUTBOX_SHARDS } from '../core/webhooks/outbox';

/** Younger events may still have their wake-up message in flight; sending them too would only duplicate work. */
const SWEEP_MIN_AGE_MS = 60_000;
/** Pages of 100 per shard per run: a backlog drains over several runs instead of one unbounded one. */
const MAX_PAGES_PER_SHARD = 5;

/**
 * Sends on outbox events whose wake-up after commit was lost (a crash, an SQS error): every event
 * still in the outbox a minute after it was written. Runs every minute (EventBridge Scheduler; locally a timer).
 */
export const handler = observedConsumer(async (): Promise<{ dispatched: number }> => {
  const before = new Date(now().getTime() - SWEEP_MIN_AGE_MS);
  const shards = Array.from({ length: WEBHOOK_OUTBOX_SHARDS }, (_, shard) =>
    undispatchedWebhookEventIds(shard, before, MAX_PAGES_PER_SHARD),
  );
  const ids = (await Promise.all(shards)).flat();
  await dispatchWebhookEvents(ids);
  return { dispatched: ids.length };
});
