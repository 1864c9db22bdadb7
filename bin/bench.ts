/**
 * `npm run bench`: starts the local platform in memory and measures, in this one process and
 * run: raw DynamoDB Local baselines, the API through the gateway (throughput, latency, consumed
 * capacity, ratio to baseline), the rate limiter's cost, Lambda bundle sizes and cold imports,
 * and a bounded soak. Writes bench/results/latest.{json,md} and latest-chart.svg.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local/free-port';
import { startPlatform } from './local/platform';
import { apiScenarios } from './bench/api-scenarios';
import { baselines } from './bench/baseline';
import { bundleFigures } from './bench/bundles';
import { client } from './bench/client';
import { measure, round } from './bench/measure';
import { chart, markdown, type BenchResult } from './bench/report';
import { soak } from './bench/soak';

const OPS = Number(process.env.BENCH_OPS ?? 200);
const CONCURRENCIES = [1, 8];
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 20);

async function main(): Promise<void> {
  process.env.TRACK_CONSUMED_CAPACITY = '1';
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  const startedAt = new Date().toISOString();
  const log = (line: string) => console.log(`[bench] ${line}`);
  const platform = await startPlatform({ port: await freePort(), inMemory: true, stateDir: '', log });
  try {
    const call = client(platform.url);
    log('baselines');
    const base = await baselines(process.env.TABLE_NAME ?? 'payments', OPS, CONCURRENCIES);
    log('API operations');
    const { figures: api, hot } = await apiScenarios(call, platform.seed, OPS, CONCURRENCIES);
    const baselineFor = (writes: number, concurrency: number) =>
      base.find((b) => b.concurrency === concurrency && (writes > 1 ? b.name.includes('Transact') : b.name.includes('PutItem')))!;
    const withRatios = api.map((a) => {
      const b = baselineFor(a.writes, a.concurrency);
      return { ...a, baseline: b.name.replace('baseline: ', ''), ratioToBaseline: round(a.p50Ms / b.p50Ms) };
    });
    log('rate limiter cost');
    const { enforceRateLimit } = await import('../functions/core/auth/rate-limit');
    const { findAccount } = await import('../functions/accounts');
    const account = (await findAccount(platform.seed.accountId))!;
    const principal = { kind: 'apiKey' as const, accountId: account.id, account, keyName: 'bench', role: 'account-owner' as const, crn: 'crn:bench' };
    const limiter = await measure('rate limit check', 8, OPS, () => enforceRateLimit(principal, new Date()));
    const getP50 = withRatios.find((a) => a.name === 'get payment request' && a.concurrency === 8)?.p50Ms ?? limiter.p50Ms;
    log('bundles');
    const bundles = bundleFigures();
    log(`soak ${SOAK_SECONDS}s`);
    const soaked = await soak(call, platform.seed, SOAK_SECONDS, 16);

    const cpu = cpus();
    const result: BenchResult = {
      machine: { cpus: cpu[0]?.model ?? 'unknown', cores: cpu.length, memoryGb: round(totalmem() / 2 ** 30, 1), node: process.version, platform: `${process.platform}/${process.arch}`, startedAt },
      baselines: base,
      api: withRatios,
      hotAccount: hot,
      rateLimit: { ...limiter, shareOfGetP50Percent: round((limiter.p50Ms / getP50) * 100, 1) },
      bundles,
      soak: soaked,
    };
    const dir = join(__dirname, '..', 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.json'), JSON.stringify(result, null, 2));
    writeFileSync(join(dir, 'latest.md'), markdown(result));
    writeFileSync(join(dir, 'latest-chart.svg'), chart(result));
    console.log(markdown(result));
    log(`written to ${dir}`);
  } finally {
    await platform.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
