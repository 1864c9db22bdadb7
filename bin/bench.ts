/**
 * `npm run bench`: starts the local platform in memory and measures, in this one process and
 * run: raw DynamoDB Local baselines, the API through the gateway (throughput, latency, consumed
 * capacity, serial DynamoDB round trips, the same-calls floor, cost per million calls, and what a
 * create + pay + get sets off in the consumers), lists at 1k and 100k items, the rate limiter's cost, a bounded soak,
 * then the Lambda bundles `cdk synth` makes and their cold imports. Writes bench/results/latest.{json,md} and
 * latest-chart.svg.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local/free-port';
import { startPlatform } from './local/platform';
import { apiScenarios } from './bench/api-scenarios';
import { BASELINE_TRANSACTION, baselines } from './bench/baseline';
import { bundleFigures } from './bench/bundles';
import { client } from './bench/client';
import { costOf, downstreamCost, flowCost, onProvisionedCapacity, PRICES } from './bench/cost';
import { listScale } from './bench/list-scale';
import { measure, round } from './bench/measure';
import { bundleSection, chart, markdown, type BenchResult } from './bench/report';
import { soak } from './bench/soak';

const OPS = Number(process.env.BENCH_OPS ?? 200);
const CONCURRENCIES = [1, 8];
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 20);

/**
 * BENCH_BUNDLES_ONLY=1: only the bundles and their cold imports (BENCH_COLD_RUNS runs each, default 7), written to
 * bench/results/bundles.{json,md}: the platform is not started.
 */
async function bundlesOnly(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg()[0];
  const bundles = await bundleFigures(Number(process.env.BENCH_COLD_RUNS ?? 7));
  const header =
    `# Cold imports (${startedAt})\n\nLoad average ${round(loadAtStart)} at the start, ${round(loadavg()[0])} at ` +
    `the end; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, Node ${process.version}.\n\n`;
  const dir = join(__dirname, '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'bundles.json'), JSON.stringify({ startedAt, bundles }, null, 2));
  writeFileSync(join(dir, 'bundles.md'), header + bundleSection(bundles).join('\n'));
  console.log(header + bundleSection(bundles).join('\n'));
}

async function main(): Promise<void> {
  if (process.env.BENCH_BUNDLES_ONLY === '1') return bundlesOnly();
  process.env.TRACK_CONSUMED_CAPACITY = '1';
  process.env.RECORD_DYNAMODB_CALLS = '1';
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg()[0];
  const log = (line: string) => console.log(`[bench] ${line}`);
  const platform = await startPlatform({ port: await freePort(), inMemory: true, stateDir: '', log });
  let result: Omit<BenchResult, 'bundles' | 'machine'>;
  try {
    const call = client(platform.url);
    const tableName = process.env.TABLE_NAME ?? 'payments';
    log('baselines');
    const base = await baselines(tableName, OPS, CONCURRENCIES);
    log('API operations');
    const { figures: api, hot, downstream } = await apiScenarios(call, platform.seed, OPS, CONCURRENCIES);
    const baselineFor = (writes: number, concurrency: number) =>
      base.find(
        (b) =>
          b.concurrency === concurrency && (writes > 1 ? b.name === BASELINE_TRANSACTION : b.name.includes('PutItem')),
      )!;
    const withRatios = api.map((a) => {
      const b = baselineFor(a.writes, a.concurrency);
      return {
        ...a,
        baseline: b.name.replace('baseline: ', ''),
        ratioToBaseline: round(a.p50Ms / b.p50Ms),
        ratioToFloor: a.floorP50Ms ? round(a.p50Ms / a.floorP50Ms) : undefined,
      };
    });
    const single = (name: string) => withRatios.find((a) => a.name === name && a.concurrency === 1)!;
    const costs = withRatios.filter((a) => a.concurrency === 1).map(costOf);
    const flow = flowCost(
      'create + pay + get',
      ['create payment request', 'pay', 'get payment request'].map((name) => costOf(single(name))),
    );
    const setOff = downstreamCost('what it sets off', downstream);
    const flowWithSetOff = flowCost('create + pay + get, with what it sets off', [flow, setOff]);
    const provisioned = onProvisionedCapacity(
      'create + pay + get, with what it sets off, the table on provisioned capacity',
      flowWithSetOff,
    );
    log('lists at scale');
    const lists = await listScale(call, platform.seed, tableName, Math.min(OPS, 100));
    log('rate limiter cost');
    const { enforceRateLimit, admitInInstance } = await import('../functions/core/auth/rate-limit');
    const { findAccount } = await import('../functions/accounts');
    const account = (await findAccount(platform.seed.accountId))!;
    const principal = {
      kind: 'apiKey' as const,
      accountId: account.id,
      account,
      keyName: 'bench',
      role: 'account-owner' as const,
      crn: 'crn:bench',
    };
    const limiter = await measure('rate limit counter (DynamoDB, writes)', 8, OPS, () =>
      enforceRateLimit(principal, new Date()),
    );
    const inInstance = await measure('rate limit in instance (reads)', 1, OPS * 10, async () =>
      admitInInstance(principal, new Date()),
    );
    const getP50 =
      withRatios.find((a) => a.name === 'get payment request' && a.concurrency === 8)?.p50Ms ?? limiter.p50Ms;
    log(`soak ${SOAK_SECONDS}s`);
    const soaked = await soak(call, platform.seed, SOAK_SECONDS, 16);
    result = {
      baselines: base,
      api: withRatios,
      hotAccount: hot,
      rateLimit: {
        ...limiter,
        shareOfGetP50Percent: round((limiter.p50Ms / getP50) * 100, 1),
        inInstanceP50Ms: inInstance.p50Ms,
      },
      costs: { prices: PRICES, operations: costs, flow, downstream, setOff, flowWithSetOff, provisioned },
      lists,
      soak: soaked,
    };
  } finally {
    await platform.stop();
  }
  log('bundles: cdk synth into a temporary cloud assembly, then cold imports');
  const bundles = await bundleFigures();
  const cpu = cpus();
  const full: BenchResult = {
    machine: {
      cpus: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memoryGb: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      platform: `${process.platform}/${process.arch}`,
      startedAt,
      loadAverage: [round(loadAtStart), round(loadavg()[0])],
    },
    ...result,
    bundles,
  };
  const dir = join(__dirname, '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), JSON.stringify(full, null, 2));
  writeFileSync(join(dir, 'latest.md'), markdown(full));
  writeFileSync(join(dir, 'latest-chart.svg'), chart(full));
  console.log(markdown(full));
  log(`written to ${dir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
