import { QUEUES } from '../../functions/core/infrastructure';
import { consumerUsage, type ConsumerUsage } from '../local/consumer-usage';
import { round } from './measure';

/** What the consumers did per flow, by consumer, after `flows` flows ran and every consumer was done with them. */
export interface DownstreamFigure {
  flows: number;
  consumers: (ConsumerUsage & { consumer: string; queue: boolean })[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits `atLeastMs`, then until no consumer has been invoked for `quietMs` (at most `maxMs` in all):
 * the stream poller reads every 100 ms and a queue poller waits up to 1 s, so a quiet spell of
 * 2.5 s means they are done.
 */
async function settle(atLeastMs: number, quietMs = 2_500, maxMs = 60_000): Promise<void> {
  const started = Date.now();
  await sleep(atLeastMs);
  const invocations = () => [...consumerUsage.values()].reduce((sum, u) => sum + u.invocations, 0);
  let seen = invocations();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() - started < maxMs) {
    await sleep(250);
    if (invocations() !== seen) {
      seen = invocations();
      quietSince = Date.now();
    }
  }
}

/**
 * Runs `warmUp` flows and lets the consumers finish them (Node warms on them as on the API calls),
 * then `flows` more, measured: each consumer's invocations, records, billed time and capacity from
 * the first of them until the consumers are done, divided by `flows`. `settleMs` covers the longest
 * delay of what a flow sends (a payment request's expiry timer).
 */
export async function downstreamOf(
  flows: number,
  warmUp: number,
  settleMs: number,
  flow: (i: number) => Promise<void>,
): Promise<DownstreamFigure> {
  for (let i = 0; i < warmUp; i++) await flow(flows + i);
  await settle(settleMs);
  consumerUsage.clear();
  for (let i = 0; i < flows; i++) await flow(i);
  await settle(settleMs);
  const queueConsumers = new Set(QUEUES.flatMap((q) => (q.consumer ? [q.consumer] : [])));
  return {
    flows,
    consumers: [...consumerUsage].map(([consumer, usage]) => ({
      consumer,
      queue: queueConsumers.has(consumer),
      invocations: round(usage.invocations / flows, 3),
      records: round(usage.records / flows, 3),
      billedMs: round(usage.billedMs / flows, 3),
      readUnits: round(usage.readUnits / flows, 3),
      writeUnits: round(usage.writeUnits / flows, 3),
    })),
  };
}
