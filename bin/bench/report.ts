import type { ApiFigure, HotAccountFigure } from './api-scenarios';
import type { BundleFigure } from './bundles';
import type { Measurement } from './measure';
import type { SoakFigure } from './soak';

export interface BenchResult {
  machine: { cpus: string; cores: number; memoryGb: number; node: string; platform: string; startedAt: string };
  baselines: Measurement[];
  api: (ApiFigure & { baseline: string; ratioToBaseline: number })[];
  hotAccount: HotAccountFigure[];
  rateLimit: Measurement & { shareOfGetP50Percent: number };
  bundles: BundleFigure[];
  soak: SoakFigure;
}

export function markdown(r: BenchResult): string {
  const lines = [
    `# Benchmark (${r.machine.startedAt})`,
    '',
    `Machine: ${r.machine.cores} × ${r.machine.cpus}, ${r.machine.memoryGb} GiB, Node ${r.machine.node}, ${r.machine.platform}. Everything in one process against DynamoDB Local on 127.0.0.1.`,
    '',
    '## Raw DynamoDB Local baseline',
    '',
    '| operation | concurrency | ops/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.baselines.map((b) => `| ${b.name} | ${b.concurrency} | ${b.opsPerSecond} | ${b.p50Ms} | ${b.p99Ms} |`),
    '',
    '## API through the local HTTP gateway',
    '',
    'Ratio = API p50 ÷ p50 of the baseline with a comparable write count at the same concurrency (lower is better). RCU/WCU = consumed capacity per call; a transaction counts 2 WCU per item per started KB as DynamoDB bills it (DynamoDB Local reports a flat 2), with updates and condition checks at 1 KB, so transactional WCU is a lower bound.',
    '',
    '| operation | concurrency | ops/s | p50 ms | p99 ms | items written per call | baseline | ratio | RCU | WCU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ...r.api.map(
      (a) => `| ${a.name} | ${a.concurrency} | ${a.opsPerSecond} | ${a.p50Ms} | ${a.p99Ms} | ${a.writes} | ${a.baseline} | ${a.ratioToBaseline} | ${a.readUnits} | ${a.writeUnits} |`,
    ),
    '',
    '## One busy merchant (hot settlement wallet)',
    '',
    "Every pay of the pay scenario credits the same merchant's settlement wallet. Writes per second on its busiest balance item, against what one unsharded item would take at the same pay rate. DynamoDB caps one item near 1,000 write units per second.",
    '',
    '| concurrency | pays/s | shards | busiest item writes/s | one unsharded item writes/s |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...r.hotAccount.map((h) => `| ${h.concurrency} | ${h.paysPerSecond} | ${h.shards} | ${h.busiestItemWritesPerSecond} | ${h.unshardedItemWritesPerSecond} |`),
    '',
    `Rate limiting: one conditional counter update per request, p50 ${r.rateLimit.p50Ms} ms (p99 ${r.rateLimit.p99Ms} ms) at concurrency ${r.rateLimit.concurrency}, ${r.rateLimit.shareOfGetP50Percent}% of a GET payment request's p50.`,
    '',
    '## Lambda bundles',
    '',
    '| entry | minified KiB | gzip KiB | cold import ms (median of 5) |',
    '| --- | ---: | ---: | ---: |',
    ...r.bundles.map((b) => `| ${b.entry} | ${(b.minifiedBytes / 1024).toFixed(1)} | ${(b.gzipBytes / 1024).toFixed(1)} | ${b.coldImportMs} |`),
    '',
    '## Soak',
    '',
    `${r.soak.seconds} s at concurrency ${r.soak.concurrency}: ${r.soak.requests} requests, ${r.soak.status5xx} responses 5xx, ${r.soak.networkErrors} connection errors. Heap after warm-up ${r.soak.heapAfterWarmupMb} MiB, at the end ${r.soak.heapAtEndMb} MiB (${r.soak.heapGrowthPercent}%); RSS ${r.soak.rssAfterWarmupMb} → ${r.soak.rssAtEndMb} MiB.`,
    '',
  ];
  return lines.join('\n');
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
    bars.push(`<text x="${left - 10}" y="${y0 + (rowHeight - 14) / 2 + 4}" text-anchor="end" font-size="13">${name}</text>`);
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
    .map((c, i) => `<rect x="${left + i * 130}" y="${height - 24}" width="14" height="14" fill="${colors[i % colors.length]}"/><text x="${left + i * 130 + 20}" y="${height - 12}" font-size="12">concurrency ${c}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="28" text-anchor="middle" font-size="16" font-weight="bold">API operations per second through the local gateway (${r.machine.cores} cores)</text>`,
    ...bars,
    legend,
    '</svg>',
  ].join('\n');
}
