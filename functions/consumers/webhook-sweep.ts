import { now } from '../core/clock';
import { observedConsumer } from '../core/consumer';
import { dispatchWebhookEvents, undispatchedWebhookEventIds, WEBHOOK_OUTBOX_SHARDS } from '../core/webhooks/outbox';
import { deriveUnderivedWebhookEvents } from '../payment-requests';

/** Younger events may still have their wake-up message in flight; sending them too would only duplicate work. */
const SWEEP_MIN_AGE_MS = 60_000;
/** Pages of 100 per shard per run: a backlog drains over several runs instead of one unbounded one. */
const MAX_PAGES_PER_SHARD = 5;

/** Sends on the outbox events whose wake-up after commit was lost (a crash, an SQS error). */
async function dispatchStranded(): Promise<number> {
  const before = new Date(now().getTime() - SWEEP_MIN_AGE_MS);
  const shards = Array.from({ length: WEBHOOK_OUTBOX_SHARDS }, (_, shard) =>
    undispatchedWebhookEventIds(shard, before, MAX_PAGES_PER_SHARD),
  );
  const ids = (await Promise.all(shards)).flat();
  await dispatchWebhookEvents(ids);
  return ids.length;
}

/**
 * The webhook sweep, every minute (EventBridge Scheduler; locally a timer); a rerun sends and writes nothing twice.
 * It derives the payment requests' events their stream consumer could not, and recorded instead
 * (payment-requests/webhook-events.ts): each enters the outbox, whose stream consumer fans it out. And it sends on
 * every event still in the outbox a minute after it was written. Neither waits on the other, nor fails with it.
 */
export const handler = observedConsumer(async (): Promise<{ derived: number; dispatched: number }> => {
  const [derived, dispatched] = await Promise.allSettled([deriveUnderivedWebhookEvents(), dispatchStranded()]);
  if (derived.status === 'rejected') throw derived.reason;
  if (dispatched.status === 'rejected') throw dispatched.reason;
  return { derived: derived.value.done, dispatched: dispatched.value };
});
