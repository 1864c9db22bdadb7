import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { ESBUILD_OPTIONS, SDK_EXTERNAL } from '../../lib/bundling';
import { PaymentsStack } from '../../lib/payments-stack';
import { percentile, round } from './measure';

export interface BundleFigure {
  /** The function's construct id (`group-payment-requests`, `consumer-webhooks`, `webhook-sweep`). */
  fn: string;
  minifiedBytes: number;
  gzipBytes: number;
  /** Median of fresh Node processes requiring the asset's index.js as Lambda would with active tracing (see below). */
  coldImportMs: number;
  /** Cold import of each variant, the shipped one included (none for the layer's row). */
  variants?: Record<Variant, number>;
  /**
   * Of the SDK-left-to-the-runtime variant: the AWS SDK packages its bundle requires at start, required alone the same
   * way (the runtime's, not shipped).
   */
  runtimeSdkImportMs?: number;
}

/**
 * The ways a function can be built and run, side by side: the AWS SDK bundled into the function (tree-shaken from its
 * ES modules, minified: what ships) or left to the runtime, each traced (Lambda's active tracing: the Tracer and the
 * X-Ray SDK load) or not (no X-Ray daemon address: core/observability.ts requires neither).
 */
export const VARIANTS = {
  'sdk-bundled traced': { sdk: 'bundled', traced: true },
  'sdk-bundled untraced': { sdk: 'bundled', traced: false },
  'sdk-runtime traced': { sdk: 'runtime', traced: true },
  'sdk-runtime untraced': { sdk: 'runtime', traced: false },
} as const;
export type Variant = keyof typeof VARIANTS;
/** The variant `cdk synth` ships with the stack's active tracing. */
export const SHIPPED: Variant = 'sdk-bundled traced';

const ROOT = join(__dirname, '..', '..');

/**
 * What `cdk synth` ships: the stack is synthesized with bundling into a temporary cloud assembly
 * (the same NodejsFunction options as `npx cdk synth`, lib/bundling.ts), and each function's asset
 * is read from it: its index.js, minified, the AWS SDK inside it. Each is then required in fresh Node
 * processes with the function's NODE_OPTIONS and a Lambda environment, traced (an X-Ray daemon
 * address, so the Tracer and the X-Ray SDK load as on AWS) and not; and the same entry built with the
 * SDK left to the runtime (resolved from node_modules as the runtime resolves its own) is required
 * the same two ways. Each variant's runs are interleaved with the others', so a change in the
 * machine's load falls on all of them alike.
 */
export function bundleFigures(runs = 7): BundleFigure[] {
  const outdir = mkdtempSync(join(tmpdir(), 'bench-assembly-'));
  try {
    const app = new App({ outdir });
    const stack = new PaymentsStack(app, 'PaymentsPlatform');
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as {
      Resources: Record<
        string,
        {
          Type: string;
          Properties: {
            Content?: { S3Key: string };
            Code?: { S3Key: string };
            Environment?: { Variables?: Record<string, unknown> };
          };
        }
      >;
    };
    const assetsByKey = new Map<string, string>();
    for (const entry of readdirSync(outdir))
      if (entry.startsWith('asset.') && statSync(join(outdir, entry)).isDirectory())
        assetsByKey.set(`${entry.slice('asset.'.length)}.zip`, join(outdir, entry));
    const figures: BundleFigure[] = [];
    // The Powertools layer every function carries: resolved first, as Lambda puts /opt/nodejs/node_modules on
    // NODE_PATH.
    const layerResource = Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::LayerVersion');
    const layerModules = join(
      assetsByKey.get(layerResource?.Properties.Content?.S3Key ?? '') ?? '',
      'nodejs',
      'node_modules',
    );
    if (!layerResource || !existsSync(layerModules))
      throw new Error('bench: the Powertools layer is not in the cloud assembly');
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const dir = assetsByKey.get(resource.Properties.Code?.S3Key ?? '');
      const file = dir && join(dir, 'index.js');
      if (!file || !existsSync(file)) continue;
      const fn = functionName(stack, logicalId);
      const variables = resource.Properties.Environment?.Variables ?? {};
      const env = (traced: boolean): NodeJS.ProcessEnv => ({
        PATH: process.env.PATH,
        NODE_PATH: `${layerModules}:${join(ROOT, 'node_modules')}`,
        NODE_OPTIONS: typeof variables.NODE_OPTIONS === 'string' ? variables.NODE_OPTIONS : '',
        AWS_LAMBDA_FUNCTION_NAME: fn,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'bench',
        AWS_SECRET_ACCESS_KEY: 'bench',
        ...(traced ? { AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000' } : {}),
        STAGE: 'prod',
        TABLE_NAME: 'payments',
        POWERTOOLS_METRICS_DISABLED: 'true',
      });
      const code = readFileSync(file);
      const runtimeFile = join(outdir, `runtime-sdk-${fn}`, 'index.js');
      buildSync({
        ...ESBUILD_OPTIONS,
        external: [...ESBUILD_OPTIONS.external, ...SDK_EXTERNAL],
        entryPoints: [join(ROOT, entryOf(fn))],
        outfile: runtimeFile,
        logLevel: 'warning',
      });
      // The SDK packages the runtime variant requires at start: those it names that a fresh require of it loads (a lazy
      // `require` in a function loads later).
      const named = [
        ...new Set([...readFileSync(runtimeFile, 'utf8').matchAll(/require\("(@aws-sdk\/[^"]+)"\)/g)].map((m) => m[1])),
      ];
      const loaded = JSON.parse(
        execFileSync(
          process.execPath,
          [
            '-e',
            `require(${JSON.stringify(runtimeFile)});process.stdout.write(JSON.stringify(Object.keys(require.cache)))`,
          ],
          { encoding: 'utf8', env: env(true), cwd: dir },
        ),
      ) as string[];
      const sdk = named.filter((name) => loaded.some((path) => path.includes(`/node_modules/${name}/`)));
      const files: Record<(typeof VARIANTS)[Variant]['sdk'], string> = { bundled: file, runtime: runtimeFile };
      const timed = medianStartMs(
        {
          ...Object.fromEntries(
            Object.entries(VARIANTS).map(([name, v]) => [
              name,
              { statements: requiring([files[v.sdk]]), env: env(v.traced) },
            ]),
          ),
          sdk: { statements: requiring(sdk), env: env(false) },
        },
        { cwd: dir, runs },
      );
      const variants = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, timed[name]])) as Record<
        Variant,
        number
      >;
      figures.push({
        fn,
        minifiedBytes: code.length,
        gzipBytes: gzipSync(code).length,
        coldImportMs: variants[SHIPPED],
        variants,
        runtimeSdkImportMs: sdk.length ? timed.sdk : 0,
      });
    }
    figures.push(layerFigure(layerModules, runs));
    return figures.sort((a, b) => a.fn.localeCompare(b.fn));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * The layer as one more row: its JavaScript and the cold import of what every function takes from it at start on AWS
 * under active tracing (a Tracer with the X-Ray SDK).
 */
function layerFigure(modules: string, runs: number): BundleFigure {
  const js: Buffer[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(c|m)?js$/.test(entry.name)) js.push(readFileSync(path));
    }
  };
  walk(modules);
  const code = Buffer.concat(js);
  const imports = ['@aws-lambda-powertools/tracer', '@aws-lambda-powertools/tracer/middleware'];
  const env = {
    PATH: process.env.PATH,
    NODE_PATH: modules,
    AWS_LAMBDA_FUNCTION_NAME: 'layer',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const statements = `${requiring(imports)}new (require('@aws-lambda-powertools/tracer').Tracer)();`;
  const startMs = medianStartMs({ layer: { statements, env } }, { cwd: tmpdir(), runs }).layer;
  return {
    fn: 'layer-powertools',
    minifiedBytes: code.length,
    gzipBytes: gzipSync(code).length,
    coldImportMs: startMs,
  };
}

const requiring = (modules: string[]) => modules.map((m) => `require(${JSON.stringify(m)});`).join('');

/**
 * Median time of each case's `statements` (JavaScript) run first thing in fresh Node processes, ms; the cases' runs
 * interleaved.
 */
function medianStartMs(
  cases: Record<string, { statements: string; env: NodeJS.ProcessEnv }>,
  options: { cwd: string; runs: number },
): Record<string, number> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let run = 0; run < options.runs; run++) {
    for (const [name, { statements, env }] of Object.entries(cases)) {
      const script =
        `const t=process.hrtime.bigint();${statements}` +
        'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';
      times[name].push(
        Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env, cwd: options.cwd })),
      );
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => [
      name,
      round(
        percentile(
          list.sort((a, b) => a - b),
          50,
        ),
      ),
    ]),
  );
}

/** A function's entry module from its construct id, as lib/constructs/functions.ts names them. */
function entryOf(fn: string): string {
  if (fn.startsWith('group-')) return `functions/lambda/${fn.slice('group-'.length)}.ts`;
  return `functions/consumers/${fn.replace(/^consumer-/, '')}.ts`;
}

/** The construct id of a function (`group-payment-requests`) from its logical id. */
function functionName(stack: PaymentsStack, logicalId: string): string {
  const functions = stack.node.findChild('Functions');
  for (const child of functions.node.children) {
    const resource = child.node.defaultChild;
    if (resource && stack.getLogicalId(resource as never) === logicalId) return child.node.id;
  }
  return logicalId;
}
