import { execFileSync, spawn } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { ESBUILD_OPTIONS, SDK_EXTERNAL } from '../../lib/bundling';
import { LAYER_ENTRIES } from '../../lib/powertools-layer';
import { REGISTRY } from '../../functions/registry';
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
   * Of a group's function, each variant: its first invocation right after the cold import (median, ms), so that what a
   * variant leaves to the first request is counted beside its import; and the status it answered.
   */
  firstCall?: { ms: Record<Variant, number>; route: string; statusCode: number };
  /**
   * Of the SDK-left-to-the-runtime variant: the AWS SDK packages its bundle requires at start, required alone the same
   * way (the runtime's, not shipped).
   */
  runtimeSdkImportMs?: number;
}

/**
 * The ways a function can be built and run, side by side: the AWS SDK bundled into the function (tree-shaken from its
 * ES modules, minified: what ships) or left to the runtime, each traced (Lambda's active tracing: core/tracing.ts
 * records each invocation and SDK call) or not (no X-Ray daemon address: core/observability.ts does not load it).
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
 * address, so the tracer loads as on AWS) and not; and the same entry built with the
 * SDK left to the runtime (resolved from node_modules as the runtime resolves its own) is required
 * the same two ways. Each variant's runs are interleaved with the others', so a change in the
 * machine's load falls on all of them alike.
 */
export async function bundleFigures(runs = 7): Promise<BundleFigure[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'bench-assembly-'));
  const dynamodb = await dynamoDbStub();
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
    // The layer every function carries: resolved first, as Lambda puts /opt/nodejs/node_modules on
    // NODE_PATH.
    const layerResource = Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::LayerVersion');
    const layerModules = join(
      assetsByKey.get(layerResource?.Properties.Content?.S3Key ?? '') ?? '',
      'nodejs',
      'node_modules',
    );
    if (!layerResource || !existsSync(layerModules)) throw new Error('bench: the layer is not in the cloud assembly');
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
        AWS_ENDPOINT_URL_DYNAMODB: dynamodb.url,
      });
      const code = readFileSync(file);
      const call = firstCallOf(fn);
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
              { statements: `const fn=${requiring([files[v.sdk]])}`, call: call?.statement, env: env(v.traced) },
            ]),
          ),
          sdk: { statements: requiring(sdk), env: env(false) },
        },
        { cwd: dir, runs },
      );
      const byVariant = (of: 'import' | 'first') =>
        Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, timed[name][of] ?? 0])) as Record<
          Variant,
          number
        >;
      const variants = byVariant('import');
      figures.push({
        fn,
        minifiedBytes: code.length,
        gzipBytes: gzipSync(code).length,
        coldImportMs: variants[SHIPPED],
        variants,
        ...(call
          ? { firstCall: { ms: byVariant('first'), route: call.route, statusCode: timed[SHIPPED].statusCode ?? 0 } }
          : {}),
        runtimeSdkImportMs: sdk.length ? timed.sdk.import : 0,
      });
    }
    figures.push(layerFigure(layerModules, runs));
    return figures.sort((a, b) => a.fn.localeCompare(b.fn));
  } finally {
    dynamodb.stop();
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * A DynamoDB endpoint in a process of its own (the bench's runs block this one) answering every call with an empty
 * result: a first call's reads find nothing, its writes succeed. Enough to run the SDK's whole path (client, signing,
 * endpoint, HTTP) without DynamoDB Local.
 */
async function dynamoDbStub(): Promise<{ url: string; stop: () => void }> {
  const server = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('node:http').createServer((q,r)=>{q.resume();q.on('end',()=>{" +
        "r.setHeader('content-type','application/x-amz-json-1.0');r.end('{}')})});" +
        "s.listen(0,'127.0.0.1',()=>console.log(s.address().port));" +
        // Ends with the bench, however the bench ends (its end of the pipe closes).
        "process.stdin.on('end',()=>process.exit()).resume()",
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
    server.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

/**
 * A group function's first call: its first route behind an API key (else its first route), with a key no account
 * holds, so that authentication reads the table (the stub's) and the route answers 401; path parameters left as the
 * route names them. None for consumers: what a batch of theirs does needs a table that holds it.
 */
function firstCallOf(fn: string): { statement: string; route: string } | undefined {
  const group = REGISTRY.find((g) => `group-${g.name}` === fn);
  const routes: readonly { method: string; path: string; authentication?: string }[] = group?.routes ?? [];
  const route = routes.find((r) => r.authentication === 'apiKey') ?? routes[0];
  if (!route) return undefined;
  const routeKey = `${route.method} ${route.path}`;
  const event = {
    version: '2.0',
    routeKey,
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'x-api-key': 'b'.repeat(43) },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'first-call',
      routeKey,
      timeEpoch: Date.now(),
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    },
  };
  const context = {
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${fn}`,
    memoryLimitInMB: '512',
    awsRequestId: 'first-call',
    getRemainingTimeInMillis: '()=>10000',
  };
  const contextCode = JSON.stringify(context).replace('"()=>10000"', '()=>10000');
  return { statement: `fn.handler(${JSON.stringify(event)},${contextCode})`, route: routeKey };
}

/**
 * The layer as one more row: its JavaScript and the cold import of all it holds (Powertools' secrets provider with
 * the runtime's Secrets Manager client, jose), which a function loads on its first secret read and first token.
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
  const env = {
    PATH: process.env.PATH,
    NODE_PATH: `${modules}:${join(ROOT, 'node_modules')}`,
    AWS_LAMBDA_FUNCTION_NAME: 'layer',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const statements = requiring([...LAYER_ENTRIES]);
  const startMs = medianStartMs({ layer: { statements, env } }, { cwd: tmpdir(), runs }).layer.import;
  return {
    fn: 'layer-powertools',
    minifiedBytes: code.length,
    gzipBytes: gzipSync(code).length,
    coldImportMs: startMs,
  };
}

const requiring = (modules: string[]) => modules.map((m) => `require(${JSON.stringify(m)});`).join('');

/** What precedes the times a run prints (after the function's own log lines). */
const RESULT = 'BENCH-TIMES ';

/**
 * Median time of each case's `statements` (JavaScript) run first thing in fresh Node processes, ms, and of its `call`
 * (an expression whose promise settles with a Lambda answer) right after them; the cases' runs interleaved.
 */
function medianStartMs(
  cases: Record<string, { statements: string; call?: string; env: NodeJS.ProcessEnv }>,
  options: { cwd: string; runs: number },
): Record<string, { import: number; first?: number; statusCode?: number }> {
  const times: Record<string, { import: number; first?: number; statusCode?: number }[]> = Object.fromEntries(
    Object.keys(cases).map((name) => [name, []]),
  );
  for (let run = 0; run < options.runs; run++) {
    for (const [name, { statements, call, env }] of Object.entries(cases)) {
      // The times follow the function's own log lines; then the process ends (the SDK's kept-alive sockets would hold
      // it open).
      const script =
        'const ms=()=>Number(process.hrtime.bigint())/1e6;const t=ms();' +
        `${statements}const i=ms()-t;` +
        (call
          ? `const c=ms();Promise.resolve(${call}).then((r)=>{process.stdout.write('\\n${RESULT}'+JSON.stringify(` +
            '{import:i,first:ms()-c,statusCode:r&&r.statusCode}));process.exit(0)});'
          : `process.stdout.write('\\n${RESULT}'+JSON.stringify({import:i}));`);
      const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env, cwd: options.cwd });
      times[name].push(JSON.parse(out.slice(out.lastIndexOf(RESULT) + RESULT.length)));
    }
  }
  const median = (list: number[]) =>
    round(
      percentile(
        list.sort((a, b) => a - b),
        50,
      ),
    );
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => [
      name,
      {
        import: median(list.map((t) => t.import)),
        ...(list[0]?.first === undefined
          ? {}
          : { first: median(list.map((t) => t.first ?? 0)), statusCode: list[list.length - 1].statusCode }),
      },
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
