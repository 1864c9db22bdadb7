import { capacityScope, newConsumedCapacity } from '../../functions/core/db/capacity';

/** What one consumer's invocations took while measured: the bench's cost of what a flow sets off. */
export interface ConsumerUsage {
  invocations: number;
  /** Messages or stream records handed to it. */
  records: number;
  /** Each invocation's time rounded up to the ms, as Lambda bills it. */
  billedMs: number;
  readUnits: number;
  /** The global secondary indexes' included. */
  writeUnits: number;
}

/**
 * By consumer (queue or stream consumer name), since the bench last cleared it; kept only with
 * TRACK_CONSUMED_CAPACITY=1.
 */
export const consumerUsage = new Map<string, ConsumerUsage>();

/**
 * Invokes a consumer as the local pollers do, measured like a gateway request when measuring is on:
 * its DynamoDB capacity (core/db/capacity.ts) and time are added to `consumerUsage`.
 */
export async function invokeConsumer<T>(consumer: string, records: number, invoke: () => Promise<T>): Promise<T> {
  if (process.env.TRACK_CONSUMED_CAPACITY !== '1') return invoke();
  const consumed = newConsumedCapacity();
  const started = process.hrtime.bigint();
  try {
    return await capacityScope.run(consumed, invoke);
  } finally {
    const usage = consumerUsage.get(consumer) ?? {
      invocations: 0,
      records: 0,
      billedMs: 0,
      readUnits: 0,
      writeUnits: 0,
    };
    usage.invocations += 1;
    usage.records += records;
    usage.billedMs += Math.ceil(Number(process.hrtime.bigint() - started) / 1e6);
    usage.readUnits += consumed.read;
    usage.writeUnits += consumed.write;
    consumerUsage.set(consumer, usage);
  }
}
