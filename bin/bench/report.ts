import { WARM_UP_CALLS, type ApiFigure, type HotAccountFigure } from './api-scenarios';
import { SHIPPED, VARIANTS, type BundleFigure, type Variant } from './bundles';
import type { CostFigure, PRICES } from './cost';
import type { DownstreamFigure } from './downstream';
import type { ListScaleFigure } from './list-scale';
import { BASELINE_TRANSACTION, transactionBaseline } from './baseline';
import { percentile, round, type Measurement } from './measure';
import type { SoakFigure } from './soak';

export interface BenchResult {
  machine: {
    cpus: string;
    cores: number;
    memoryGb: number;
    node: string;
    platform: string;
    startedAt: string;
    loadAverage: [number, number];
  };
  baselines: Measurement[];
  api: (ApiFigure & { baseline: string; ratioToBaseline: number; ratioToFloor?: number })[];
  hotAccount: HotAccountFigure[];
  rateLimit: Measurement & { shareOfGetP50Percent: number; inInstanceP50Ms: number };
  costs: {
    prices: typeof PRICES;
    operations: CostFigure[];
    flow: CostFigure;
    downstream: DownstreamFigure;
    setOff: CostFigure;
    flowWithSetOff: CostFigure;
    /** The flow with what it sets off, its DynamoDB units priced on provisioned capacity. */
    provisioned: CostFigure;
  };
  lists: ListScaleFigure;
  bundles: BundleFigure[];
  soak: SoakFigure;
}

/** Goals of issue 15, checked against a run. */
const GOALS = {
  bundleKb: 150,
  coldImportMs: 30,
  floorRatio: 1.3,
  getRoundTrips: 2,
  moneyRoundTrips: 3,
  flowDollars: 12,
  listRatio: 1.1,
} as const;
const MONEY = new Set(['pay', 'refund']);
const mark = (ok: boolean) => (ok ? 'met' : '**not met**');
/** Goals of issue 28, checked against a run. */
const LEAN_GOALS = {
  itemsWritten: { pay: 6, refund: 6, 'create payment request': 3 } as Record<string, number>,
  writeUnits: { pay: 12, refund: 14 } as Record<string, number>,
  payToTransaction: 2,
  flowDollars: 12,
  coldImportMs: 50,
} as const;
const VARIANT_NAMES = Object.keys(VARIANTS) as Variant[];
const dollars = (n: number) => `$${n.toFixed(2)}`;

/** The least and the greatest of the values, as `min–max`. */
const span = (values: number[], show: (n: number) => string = String) =>
  `${show(Math.min(...values))}–${show(Math.max(...values))}`;

export function markdown(r: BenchResult): string {
  const single = r.api.filter((a) => a.concurrency === 1);
  const gets = single.filter((a) => a.name.startsWith('get') || a.name.startsWith('list'));
  const money = single.filter((a) => MONEY.has(a.name));
  const groupBundles = r.bundles.filter((b) => b.fn.startsWith('group-'));
  const shipped = spread(r.bundles, SHIPPED);
  const baselineTransaction = r.baselines.find((b) => b.concurrency === 1 && b.name === BASELINE_TRANSACTION);
  const pay = single.find((a) => a.name === 'pay');
  const payRatio = pay && baselineTransaction ? round(pay.p50Ms / baselineTransaction.p50Ms) : undefined;
  // A pay's own transaction is of 6 items: what that size alone costs tells the ratio's floor.
  const sixItems = r.baselines.find((b) => b.concurrency === 1 && b.name === transactionBaseline(6));
  const prices = r.costs.prices;
  const lines = [
    `# Benchmark (${r.machine.startedAt})`,
    '',
    `Machine: ${r.machine.cores} × ${r.machine.cpus}, ${r.machine.memoryGb} GiB, Node ${r.machine.node}, ` +
      `${r.machine.platform}; load average ${r.machine.loadAverage[0]} at the start, ` +
      `${r.machine.loadAverage[1]} at the end. Everything in one process against DynamoDB Local on 127.0.0.1.`,
    '',
    '## Raw DynamoDB Local baseline',
    '',
    '| operation | concurrency | ops/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.baselines.map((b) => `| ${b.name} | ${b.concurrency} | ${b.opsPerSecond} | ${b.p50Ms} | ${b.p99Ms} |`),
    '',
    '## API through the local HTTP gateway',
    '',
    `Each operation first runs ${WARM_UP_CALLS} calls that are discarded` +
      " (Node and DynamoDB Local's JVM warm on them, as they are warm for the floor's replays), then twice: " +
      "first with the gateway's measurement off (it tracks consumed capacity and records every DynamoDB call, " +
      'which slows a call), giving ops/s, p50 and p99, the latency of what ships; then as many calls measured, ' +
      "giving every column from serial round trips on. Serial round trips = the longest chain of the request's " +
      'DynamoDB calls each started after the one before it answered (median; calls side by side count once). ' +
      'Floor = the same calls of the last 40 requests replayed straight to DynamoDB Local, round trip by round ' +
      'trip, the condition of each write OR-ed with one that always holds so that it commits as it did in the ' +
      'request (p50; concurrency 1). RCU = read units per call as DynamoDB Local reports them. WCU = write units ' +
      'per call as DynamoDB bills them, counted from the items as written: after each measured call every item it ' +
      'put or updated is read back and sized as DynamoDB sizes it, 2 WCU per started KB in a transaction (1 ' +
      'alone) plus 1 per started KB per global secondary index entry it carries; a delete counts 1 KB and a ' +
      "transaction's condition check 2 WCU (core/db/capacity.ts; DynamoDB Local reports a flat 2 per " +
      'transaction and nothing for indexes). Items written = items put, updated or deleted (condition checks ' +
      "aside), the rate limiter's counter included (per call on average: its writes may be shared by calls). " +
      "Handler = time in the group's handler (Lambda's billed duration). Creates are a live merchant's (what " +
      "production takes: a test account's request also leaves its test clock an alarm, one more item); pays and " +
      'refunds spend test money, the only money the simulated bank lets a wallet hold locally.',
    '',
    '| operation | concurrency | ops/s | p50 ms | p99 ms | serial round trips | floor p50 ms | p50 ÷ floor | ' +
      'handler p50 ms | items written | RCU | WCU (of which GSI) | p50 ÷ baseline |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.api.map(
      (a) =>
        `| ${a.name} | ${a.concurrency} | ${a.opsPerSecond} | ${a.p50Ms} | ${a.p99Ms} | ${a.serialRoundTrips} | ` +
        `${a.floorP50Ms ?? ''} | ${a.ratioToFloor ?? ''} | ${a.handlerP50Ms} | ${a.writes} | ${a.readUnits} | ` +
        `${a.writeUnits} (${a.gsiWriteUnits}) | ${a.ratioToBaseline} × ${a.baseline} |`,
    ),
    '',
    '## Cost per million calls on AWS',
    '',
    `Prices ${prices.region}, as of ${prices.date}: HTTP API $${prices.httpApiPerMillionRequests}/M requests; ` +
      `Lambda $${prices.lambdaPerMillionRequests}/M requests and $${prices.lambdaArmPerGbSecond}/GB-s ` +
      '(arm64, 512 MB, the handler p50 above rounded up to the ms); ' +
      `DynamoDB on demand $${prices.dynamoDbPerMillionWriteUnits}/M write units, ` +
      `$${prices.dynamoDbPerMillionReadUnits}/M read units (the RCU/WCU above); ` +
      `SQS $${prices.sqsPerMillionRequests}/M requests. Concurrency 1. ` +
      `"What it sets off" is the consumers' work for one flow, measured below. The last row prices the same ` +
      'units on provisioned capacity with auto scaling (a deployment option: lib/constructs/data.ts ' +
      `\`tableCapacity\`), $${prices.dynamoDbWriteUnitHour} per write unit-hour and ` +
      `$${prices.dynamoDbReadUnitHour} per read unit-hour, ${prices.provisionedUtilization * 100}% of what is ` +
      'provisioned consumed (the target; steady traffic: a burst above what is provisioned is throttled ' +
      'until it scales).',
    '',
    '| operation | HTTP API | Lambda requests | Lambda duration | DynamoDB reads | DynamoDB writes | SQS | ' +
      'total per million |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...r.costs.operations, r.costs.flow, r.costs.setOff, r.costs.flowWithSetOff, r.costs.provisioned].map((c) => {
      const totals = [r.costs.flow, r.costs.flowWithSetOff, r.costs.provisioned];
      const bold = (text: string) => (totals.includes(c) ? `**${text}**` : text);
      return (
        `| ${bold(c.operation)} | ${dollars(c.api)} | ${dollars(c.lambdaRequests)} | ${dollars(c.lambdaDuration)} ` +
        `(${c.billedMs} ms) | ${dollars(c.dynamoDbReads)} (${c.readUnits} RCU) | ${dollars(c.dynamoDbWrites)} ` +
        `(${c.writeUnits} WCU) | ${dollars(c.sqs)} (${c.sqsRequests}) | ${bold(dollars(c.total))} |`
      );
    }),
    '',
    '### What a flow sets off',
    '',
    `${r.costs.downstream.flows} create + pay + get flows at concurrency 1 (after as many discarded), ` +
      'their payment requests expiring after 10 s; measured from the first flow until no consumer had run ' +
      'for 2.5 s, as the local pollers invoke the consumers (a stream batch of up to 10 records, a queue batch ' +
      "of up to 10 messages); per flow. SQS requests: each message's send, and a receive and a delete per " +
      "invocation. WCU counted as the API's: each item a consumer wrote read back after its invocation.",
    '',
    '| consumer | invocations | records | billed ms | RCU | WCU |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.costs.downstream.consumers.map(
      (c) =>
        `| ${c.consumer} (${c.queue ? 'queue' : 'stream'}) | ${c.invocations} | ${c.records} | ${c.billedMs} | ` +
        `${c.readUnits} | ${c.writeUnits} |`,
    ),
    '',
    '## Lists at scale',
    '',
    `${r.lists.listing}: ${r.lists.ops} pages of each listing, interleaved, concurrency 1.`,
    '',
    '| items in the listing | p50 ms | RCU per page |',
    '| ---: | ---: | ---: |',
    `| ${r.lists.smallItems} | ${r.lists.smallP50Ms} | ${r.lists.readUnitsSmall} |`,
    `| ${r.lists.largeItems} | ${r.lists.largeP50Ms} | ${r.lists.readUnitsLarge} |`,
    '',
    `Ratio ${r.lists.ratio}.`,
    '',
    '## One busy merchant (hot settlement wallet)',
    '',
    "Every pay of the pay scenario credits the same merchant's settlement wallet. Writes per second on its " +
      'busiest balance item, against what one unsharded item would take at the same pay rate. DynamoDB caps one ' +
      'item near 1,000 write units per second.',
    '',
    '| concurrency | pays/s | shards | busiest item writes/s | one unsharded item writes/s |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...r.hotAccount.map(
      (h) =>
        `| ${h.concurrency} | ${h.paysPerSecond} | ${h.shards} | ${h.busiestItemWritesPerSecond} | ` +
        `${h.unshardedItemWritesPerSecond} |`,
    ),
    '',
    "Rate limiting: a write's shared counter, one busy account's writes (each instance leases admissions in " +
      'blocks of up to 16, one conditional update a block, off the serial path: the p50 is a write that spends ' +
      'a lease, the p99 one that takes a block) ' +
      `p50 ${r.rateLimit.p50Ms} ms (p99 ${r.rateLimit.p99Ms} ms) at concurrency ${r.rateLimit.concurrency}, ` +
      `${r.rateLimit.shareOfGetP50Percent}% of a GET payment request's p50; the in-instance window every ` +
      `request counts in, p50 ${r.rateLimit.inInstanceP50Ms} ms, no DynamoDB call.`,
    '',
    ...bundleSection(r.bundles),
    '## Goals (issue 28)',
    '',
    '| | goal | this run | |',
    '| --- | --- | --- | --- |',
    ...single
      .filter((a) => a.name in LEAN_GOALS.itemsWritten)
      .map(
        (a) =>
          `| items written by a ${a.name} | ≤ ${LEAN_GOALS.itemsWritten[a.name]} | ${a.writes} | ` +
          `${mark(a.writes <= LEAN_GOALS.itemsWritten[a.name])} |`,
      ),
    ...single
      .filter((a) => a.name in LEAN_GOALS.writeUnits)
      .map(
        (a) =>
          `| write units of a ${a.name} (of which GSI) | ≤ ${LEAN_GOALS.writeUnits[a.name]} | ` +
          `${a.writeUnits} (${a.gsiWriteUnits}) | ${mark(a.writeUnits <= LEAN_GOALS.writeUnits[a.name])} |`,
      ),
    `| pay p50 ÷ raw 3-item TransactWriteItems, same run, concurrency 1 | ≤ ${LEAN_GOALS.payToTransaction} × | ` +
      `${payRatio ?? '–'} × (${pay?.p50Ms ?? '–'} ms ÷ ${baselineTransaction?.p50Ms ?? '–'} ms) | ` +
      `${mark((payRatio ?? Infinity) <= LEAN_GOALS.payToTransaction)} |`,
    ...(pay && sixItems && baselineTransaction
      ? [
          `| (beside it: a raw 6-item TransactWriteItems, a pay's own transaction's size, ÷ the 3-item) | | ` +
            `${round(sixItems.p50Ms / baselineTransaction.p50Ms)} × (${sixItems.p50Ms} ms); the pay ÷ it ` +
            `${round(pay.p50Ms / sixItems.p50Ms)} × | |`,
        ]
      : []),
    `| create + pay + get with what it sets off, per million on AWS | ≤ ${dollars(LEAN_GOALS.flowDollars)} | ` +
      `${dollars(r.costs.flowWithSetOff.total)} on demand; ${dollars(r.costs.provisioned.total)} on provisioned ` +
      `capacity | on demand ${mark(r.costs.flowWithSetOff.total <= LEAN_GOALS.flowDollars)}; provisioned ` +
      `${mark(r.costs.provisioned.total <= LEAN_GOALS.flowDollars)} |`,
    `| cold import per function, as shipped (${SHIPPED}) | ≤ ${LEAN_GOALS.coldImportMs} ms median, every function | ` +
      `median ${shipped.median} ms, max ${shipped.max} ms | ` +
      `${mark(shipped.max <= LEAN_GOALS.coldImportMs)} |`,
    '',
    '## Goals (issue 15)',
    '',
    '| goal | measured | |',
    '| --- | --- | --- |',
    `| ≤ ${GOALS.bundleKb} KB minified per group | ` +
      `${span(
        groupBundles.map((b) => b.minifiedBytes / 1000),
        (kb) => kb.toFixed(0),
      )} ` +
      `KB | ${mark(groupBundles.every((b) => b.minifiedBytes <= GOALS.bundleKb * 1000))} |`,
    `| cold import ≤ ${GOALS.coldImportMs} ms median per group (${SHIPPED}) | ` +
      `${span(groupBundles.map((b) => b.coldImportMs))} ms | ` +
      `${mark(groupBundles.every((b) => b.coldImportMs <= GOALS.coldImportMs))} |`,
    ...single.map(
      (a) =>
        `| ${a.name}: p50 ≤ ${GOALS.floorRatio} × same-calls floor | ${a.ratioToFloor ?? '–'} × | ` +
        `${mark((a.ratioToFloor ?? Infinity) <= GOALS.floorRatio)} |`,
    ),
    ...gets.map(
      (a) =>
        `| ${a.name}: ≤ ${GOALS.getRoundTrips} serial round trips | ${a.serialRoundTrips} | ` +
        `${mark(a.serialRoundTrips <= GOALS.getRoundTrips)} |`,
    ),
    ...money.map(
      (a) =>
        `| ${a.name}: ≤ ${GOALS.moneyRoundTrips} serial round trips | ${a.serialRoundTrips} | ` +
        `${mark(a.serialRoundTrips <= GOALS.moneyRoundTrips)} |`,
    ),
    ...gets.map((a) => `| ${a.name}: no write unit | ${a.writeUnits} WCU | ${mark(a.writeUnits === 0)} |`),
    `| ≤ ${dollars(GOALS.flowDollars)} per million create + pay + get | ${dollars(r.costs.flow.total)}; ` +
      `${dollars(r.costs.flowWithSetOff.total)} with what it sets off | ` +
      `${mark(r.costs.flowWithSetOff.total <= GOALS.flowDollars)} |`,
    `| list p50 at ${r.lists.largeItems} ÷ at ${r.lists.smallItems} ≤ ${GOALS.listRatio} | ${r.lists.ratio} | ` +
      `${mark(r.lists.ratio <= GOALS.listRatio)} |`,
    '',
    '## Soak',
    '',
    `${r.soak.seconds} s at concurrency ${r.soak.concurrency}: ${r.soak.requests} requests, ${r.soak.status5xx} ` +
      `responses 5xx, ${r.soak.networkErrors} connection errors. Heap after warm-up ${r.soak.heapAfterWarmupMb} ` +
      `MiB, at the end ${r.soak.heapAtEndMb} MiB (${r.soak.heapGrowthPercent}%); RSS ${r.soak.rssAfterWarmupMb} → ` +
      `${r.soak.rssAtEndMb} MiB.`,
    '',
  ];
  return lines.join('\n');
}

/** Median and max over the functions of a variant's cold import, or of its first call, or of the two together. */
function spread(
  bundles: BundleFigure[],
  variant: Variant,
  of: (b: BundleFigure) => number | undefined = (b) => b.variants?.[variant],
): { median: number; max: number } {
  const times = bundles
    .map(of)
    .filter((t) => t !== undefined)
    .sort((a, b) => a - b);
  return { median: round(percentile(times, 50)), max: round(times[times.length - 1] ?? 0) };
}

/** A group function's cold import and first call together (none for consumers). */
const importAndFirstCall = (variant: Variant) => (b: BundleFigure) =>
  b.firstCall && b.variants ? b.variants[variant] + b.firstCall.ms[variant] : undefined;

/** The bundles and their cold imports, each variant side by side (markdown lines). */
export function bundleSection(bundles: BundleFigure[]): string[] {
  return [
    '## Lambda bundles (what `cdk synth` ships) and cold imports',
    '',
    "Each function's asset from a cloud assembly synthesized with bundling (the AWS SDK tree-shaken and minified " +
      'into it); cold import = `require` of its index.js in a fresh Node process with its NODE_OPTIONS (none) and a ' +
      'Lambda environment, with the Powertools layer on NODE_PATH as on Lambda, median of BENCH_COLD_RUNS runs, ' +
      "default 7 (the variants' runs interleaved). Variants: the AWS SDK bundled (what ships) or left to the " +
      'runtime (the same entry built with ' +
      'the SDK external, resolved from node_modules as the runtime resolves its own); traced = active tracing ' +
      '(an X-Ray daemon address: core/tracing.ts records each invocation and SDK call) or untraced (it does not ' +
      'load). "Runtime\'s SDK alone" = the SDK packages the runtime variant requires at start, required alone the ' +
      "same way. `layer-powertools` is the layer every function carries (Powertools' Parameters in one minified " +
      'file, jose in another), shipped once; its cold import is of all it holds with the Secrets Manager client the ' +
      "runtime's SDK gives it, what a function takes from it on its first secret read and first token, part of no " +
      'cold import. First call = the first invocation of a ' +
      "group's function right after its cold import: its first API-key route with a key no account holds, against a " +
      'DynamoDB stub answering every call empty (authentication reads the table, the route answers 401), so what a ' +
      'variant leaves to the first request is counted; consumers have none.',
    '',
    '| variant | cold import median ms | max ms | first call median ms | import + first call median ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...VARIANT_NAMES.map((v) => {
      const { median, max } = spread(bundles, v);
      const first = spread(bundles, v, (b) => b.firstCall?.ms[v]);
      const total = spread(bundles, v, importAndFirstCall(v));
      return (
        `| ${v}${v === SHIPPED ? ' (ships)' : ''} | ${median} | ${max} | ${first.median} | ${total.median} | ` +
        `${total.max} |`
      );
    }),
    '',
    `| function | minified KiB | gzip KiB | ${VARIANT_NAMES.map((v) => `${v} ms`).join(' | ')} | ` +
      "runtime's SDK alone ms | first call (ships) ms | status |",
    `| --- | ---: | ---: | ${VARIANT_NAMES.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`,
    ...bundles.map(
      (b) =>
        `| ${b.fn} | ${(b.minifiedBytes / 1024).toFixed(1)} | ${(b.gzipBytes / 1024).toFixed(1)} | ` +
        `${VARIANT_NAMES.map((v) => b.variants?.[v] ?? (v === SHIPPED ? b.coldImportMs : '')).join(' | ')} | ` +
        `${b.runtimeSdkImportMs ?? ''} | ${b.firstCall?.ms[SHIPPED] ?? ''} | ${b.firstCall?.statusCode ?? ''} |`,
    ),
    '',
  ];
}

/** A grouped bar chart of API ops/s per operation and concurrency, as SVG (no dependencies). */
export function chart(r: BenchResult): string {
  const names = [...new Set(r.api.map((a) => a.name))];
  const concurrencies = [...new Set(r.api.map((a) => a.concurrency))];
  const colors = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759'];
  const max = Math.max(...r.api.map((a) => a.opsPerSecond), 1);
  const rowHeight = 22 * concurrencies.length + 14;
  const left = 210;
  const width = 760;
  const plot = width - left - 70;
  const height = 60 + names.length * rowHeight + 30;
  const bars: string[] = [];
  names.forEach((name, row) => {
    const y0 = 50 + row * rowHeight;
    bars.push(
      `<text x="${left - 10}" y="${y0 + (rowHeight - 14) / 2 + 4}" text-anchor="end" font-size="13">${name}</text>`,
    );
    concurrencies.forEach((c, i) => {
      const figure = r.api.find((a) => a.name === name && a.concurrency === c);
      const value = figure?.opsPerSecond ?? 0;
      const w = (value / max) * plot;
      const y = y0 + i * 22;
      bars.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="18" fill="${colors[i % colors.length]}"/>`);
      bars.push(`<text x="${left + w + 6}" y="${y + 13}" font-size="12">${value}</text>`);
    });
  });
  const legend = concurrencies
    .map(
      (c, i) =>
        `<rect x="${left + i * 130}" y="${height - 24}" width="14" height="14" ` +
        `fill="${colors[i % colors.length]}"/><text x="${left + i * 130 + 20}" y="${height - 12}" ` +
        `font-size="12">concurrency ${c}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="28" text-anchor="middle" font-size="16" font-weight="bold">API operations per ` +
      `second through the local gateway (${r.machine.cores} cores)</text>`,
    ...bars,
    legend,
    '</svg>',
  ].join('\n');
}
