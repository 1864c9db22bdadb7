import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { PaymentsStack } from '../../lib/payments-stack';
import { percentile, round } from './measure';

export interface BundleFigure {
  /** The function's construct id (`group-payment-requests`, `consumer-webhooks`, `webhook-sweep`). */
  fn: string;
  minifiedBytes: number;
  gzipBytes: number;
  /** Median of fresh Node processes requiring the asset's index.js as Lambda would (see below). */
  coldImportMs: number;
  /**
   * Of which: the AWS SDK packages the bundle requires at start, required alone the same way (the runtime's, not
   * shipped).
   */
  sdkImportMs: number;
}

const ROOT = join(__dirname, '..', '..');

/**
 * What `cdk synth` ships: the stack is synthesized with bundling into a temporary cloud assembly
 * (the same NodejsFunction options as `npx cdk synth`, lib/bundling.ts), and each function's asset
 * is read from it: its index.js, minified, the AWS SDK left out as the runtime provides it. Each is
 * then required in fresh Node processes with the function's NODE_OPTIONS and a Lambda
 * environment (so the Tracer and the X-Ray SDK load as on AWS), the SDK resolved from node_modules
 * as the runtime resolves its own.
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
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        NODE_PATH: `${layerModules}:${join(ROOT, 'node_modules')}`,
        NODE_OPTIONS: typeof variables.NODE_OPTIONS === 'string' ? variables.NODE_OPTIONS : '',
        AWS_LAMBDA_FUNCTION_NAME: fn,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'bench',
        AWS_SECRET_ACCESS_KEY: 'bench',
        STAGE: 'prod',
        TABLE_NAME: 'payments',
        POWERTOOLS_METRICS_DISABLED: 'true',
      };
      const code = readFileSync(file);
      // The SDK packages the bundle requires at start: those it names that a fresh require of it loads (a lazy
      // `require` in a function loads later).
      const named = [
        ...new Set([...code.toString('utf8').matchAll(/require\("(@aws-sdk\/[^"]+)"\)/g)].map((m) => m[1])),
      ];
      const loaded = JSON.parse(
        execFileSync(
          process.execPath,
          ['-e', `require(${JSON.stringify(file)});process.stdout.write(JSON.stringify(Object.keys(require.cache)))`],
          { encoding: 'utf8', env, cwd: dir },
        ),
      ) as string[];
      const sdk = named.filter((name) => loaded.some((path) => path.includes(`/node_modules/${name}/`)));
      const timed = (modules: string[]) => medianStartMs(requiring(modules), { env, cwd: dir, runs });
      figures.push({
        fn,
        minifiedBytes: code.length,
        gzipBytes: gzipSync(code).length,
        coldImportMs: timed([file]),
        sdkImportMs: sdk.length ? timed(sdk) : 0,
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
 * (Logger, Metrics, a Tracer with the X-Ray SDK).
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
  const imports = [
    '@aws-lambda-powertools/logger',
    '@aws-lambda-powertools/logger/middleware',
    '@aws-lambda-powertools/metrics',
    '@aws-lambda-powertools/tracer',
    '@aws-lambda-powertools/tracer/middleware',
  ];
  const env = {
    PATH: process.env.PATH,
    NODE_PATH: modules,
    AWS_LAMBDA_FUNCTION_NAME: 'layer',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const startMs = medianStartMs(`${requiring(imports)}new (require('@aws-lambda-powertools/tracer').Tracer)();`, {
    env,
    cwd: tmpdir(),
    runs,
  });
  return {
    fn: 'layer-powertools',
    minifiedBytes: code.length,
    gzipBytes: gzipSync(code).length,
    coldImportMs: startMs,
    sdkImportMs: 0,
  };
}

const requiring = (modules: string[]) => modules.map((m) => `require(${JSON.stringify(m)});`).join('');

/** Median time of `statements` (JavaScript) run first thing in fresh Node processes, ms. */
function medianStartMs(statements: string, options: { env: NodeJS.ProcessEnv; cwd: string; runs: number }): number {
  const script =
    `const t=process.hrtime.bigint();${statements}` +
    'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';
  const times = Array.from({ length: options.runs }, () =>
    Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: options.env, cwd: options.cwd })),
  );
  return round(
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
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
