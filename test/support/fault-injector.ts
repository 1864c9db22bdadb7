import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDb } from '../../functions/core/db/dynamodb';

/** Deterministic PRNG (mulberry32) so a failing seed replays the same faults. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Fault = 'throttle' | 'conflict' | 'network' | 'timeout-after-write';

export interface FaultStats {
  calls: number;
  injected: Record<Fault, number>;
}

const error = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: {} });

/**
 * Injects faults into DynamoDB calls with probability `rate`, outside the SDK's own retries
 * (initialize step), so the platform sees them: throttling, transaction conflicts, network errors
 * before the call, and timeouts after a write that did succeed. `reset(seed)` replays a run.
 */
export function faultInjector() {
  let random = rng(0);
  let rate = 0;
  const stats: FaultStats = { calls: 0, injected: { throttle: 0, conflict: 0, network: 0, 'timeout-after-write': 0 } };
  const hook = (client: DynamoDb) => {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        stats.calls++;
        if (random() >= rate) return next(args);
        const writes = /Put|Update|Delete|TransactWrite|BatchWrite/.test(context.commandName ?? '');
        const roll = random();
        if (writes && roll < 0.3) {
          await next(args);
          stats.injected['timeout-after-write']++;
          throw error('TimeoutError', 'injected: timed out after the write succeeded');
        }
        if (roll < 0.55) {
          stats.injected.throttle++;
          throw error('ThrottlingException', 'injected: rate of requests exceeds the allowed throughput');
        }
        if (roll < 0.8 && context.commandName === 'TransactWriteItemsCommand') {
          stats.injected.conflict++;
          throw new TransactionCanceledException({
            message: 'injected: transaction conflict',
            $metadata: {},
            CancellationReasons: [{ Code: 'TransactionConflict' }],
          });
        }
        stats.injected.network++;
        throw Object.assign(error('Error', 'injected: socket hang up'), { code: 'ECONNRESET' });
      },
      { step: 'initialize', name: 'faultInjector' },
    );
  };
  return {
    hook,
    stats,
    reset(seed: number, faultRate: number) {
      random = rng(seed);
      rate = faultRate;
      stats.calls = 0;
      for (const fault of Object.keys(stats.injected) as Fault[]) stats.injected[fault] = 0;
    },
    disable: () => (rate = 0),
  };
}
