import { capacityScope, newConsumedCapacity, readBackWrites } from '../../functions/core/db/capacity';

/** What one consumer's invocations took while measured: the bench's cost of what a flow sets off. */
export interface ConsumerUsage {
  invocations: number;
  /** Messages or stream records handed to it. */
  records: number;
  /** Each invocation's time rounded up to the ms, as Lambda bills it. */
  billedMs: number;
  readUnits: number;
  /** As DynamoDB bills them, each item written read back (core/db/capacity.ts `readBackWrites`), indexes included. */
  writeUnits: number;
}

/**
 * By consumer (queue or stream consumer name), since the bench last cleared it; kept only in the bench
 * (RECORD_DYNAMODB_CALLS=1): no test reads it, and the read-backs would only load DynamoDB Local under them.
 */
export const consumerUsage = new Map<string, ConsumerUsage>();

/**
 * Invokes a consumer as the local pollers do, measured in the bench like a gateway request: its read units
 * (core/db/capacity.ts), the write units of what it wrote read back, and its time are added to `consumerUsage`.
 */
export async function invokeConsumer<T>(consumer: string, records: number, invoke: () => Promise<T>): Promise<T> {
  if (process.env.RECORD_DYNAMODB_CALLS !== '1') return invoke();
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
    consumerUsage.set(consumer, usage);
    usage.writeUnits += (await readBackWrites(consumed.calls)).writeUnits;
  }
}
