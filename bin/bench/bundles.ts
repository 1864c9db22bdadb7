import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { GROUPS } from '../../functions/routes';
import { QUEUES } from '../../functions/core/infrastructure';
import { percentile, round } from './measure';

export interface BundleFigure {
  entry: string;
  minifiedBytes: number;
  gzipBytes: number;
  coldImportMs: number;
}

const ROOT = join(__dirname, '..', '..');

/** Each Lambda entry bundled as the stack bundles it, then imported in fresh Node processes. */
export function bundleFigures(runs = 5): BundleFigure[] {
  const out = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const entries = [
    ...GROUPS.map((group) => `functions/${group}/handler.ts`),
    ...QUEUES.filter((q) => q.consumer).map((q) => `functions/consumers/${q.consumer}.ts`),
  ];
  return entries.map((entry) => {
    const file = join(out, `${entry.replace(/[/.]/g, '_')}.js`);
    buildSync({ entryPoints: [join(ROOT, entry)], bundle: true, minify: true, platform: 'node', target: 'node20', format: 'cjs', outfile: file, logLevel: 'silent' });
    const code = readFileSync(file);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
      times.push(Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })));
    }
    times.sort((a, b) => a - b);
    return { entry, minifiedBytes: code.length, gzipBytes: gzipSync(code).length, coldImportMs: round(percentile(times, 50)) };
  });
}
