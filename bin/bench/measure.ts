/** Latency and throughput of one operation at one concurrency, measured in this process. */
export interface Measurement {
  name: string;
  concurrency: number;
  ops: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `op(i)` with `concurrency` workers until `totalOps` have run. Each worker takes the next
 * index, so an operation can use pre-made inputs (e.g. one unpaid request per pay).
 */
export async function measure(
  name: string,
  concurrency: number,
  totalOps: number,
  op: (index: number, worker: number) => Promise<void>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = next++; i < totalOps; i = next++) {
        const t0 = process.hrtime.bigint();
        await op(i, worker);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    name,
    concurrency,
    ops: latencies.length,
    opsPerSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
