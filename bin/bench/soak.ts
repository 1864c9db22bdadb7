import type { Seed } from '../local/seed';
import type { Call } from './client';
import { round } from './measure';

export interface SoakFigure {
  seconds: number;
  concurrency: number;
  requests: number;
  status5xx: number;
  networkErrors: number;
  heapAfterWarmupMb: number;
  heapAtEndMb: number;
  heapGrowthPercent: number;
  rssAfterWarmupMb: number;
  rssAtEndMb: number;
}

/**
 * A bounded load (loopback, fixed duration) against the local gateway, sampling this process's
 * memory: the gateway and handlers run in it. Flat = heap at the end within a few percent of
 * heap after warm-up (first quarter), both averaged over a quarter of the samples after a GC.
 */
export async function soak(call: Call, seed: Seed, seconds: number, concurrency: number): Promise<SoakFigure> {
  const key = seed.apiKey;
  const paths = [
    `/api/accounts/${seed.accountId}`,
    '/api/openapi.json',
    `/api/accounts/${seed.accountId}/api-keys`,
    '/api/nope',
  ];
  const samples: { heap: number; rss: number }[] = [];
  const gc = (globalThis as { gc?: () => void }).gc;
  const sampler = setInterval(() => {
    gc?.();
    const m = process.memoryUsage();
    samples.push({ heap: m.heapUsed / 2 ** 20, rss: m.rss / 2 ** 20 });
  }, 250);
  const deadline = Date.now() + seconds * 1000;
  let requests = 0;
  let status5xx = 0;
  let networkErrors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i += concurrency) {
        requests++;
        try {
          const res = await call('GET', paths[i % paths.length], key);
          if (res.status >= 500) status5xx++;
        } catch {
          networkErrors++;
        }
      }
    }),
  );
  clearInterval(sampler);
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const warm = samples.slice(quarter, 2 * quarter);
  const end = samples.slice(-quarter);
  const heapAfterWarmupMb = avg(warm.map((s) => s.heap));
  const heapAtEndMb = avg(end.map((s) => s.heap));
  return {
    seconds,
    concurrency,
    requests,
    status5xx,
    networkErrors,
    heapAfterWarmupMb: round(heapAfterWarmupMb),
    heapAtEndMb: round(heapAtEndMb),
    heapGrowthPercent: round(((heapAtEndMb - heapAfterWarmupMb) / heapAfterWarmupMb) * 100),
    rssAfterWarmupMb: round(avg(warm.map((s) => s.rss))),
    rssAtEndMb: round(avg(end.map((s) => s.rss))),
  };
}
