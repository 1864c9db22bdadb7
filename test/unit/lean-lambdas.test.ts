import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { hoistShared, withoutSchemaPaths } from '../../bin/build-validators';
import { describe as describeError } from '../../functions/core/validation/validate';
import { buildSync } from 'esbuild';
import { bundlingWith, ESBUILD_OPTIONS } from '../../lib/bundling';
import { buildLayerDirectory, LAYER_ENTRIES, LAYER_PACKAGES } from '../../lib/powertools-layer';
import { FUNCTION_ENTRIES } from '../../bin/local/bundles';
import { REGISTRY } from '../../functions/registry';
import type { GroupDefinition } from '../../functions/core/group';
import { QUEUES } from '../../functions/core/infrastructure';
import { newSigningKey } from '../../functions/core/webhooks/signing-keys';

const ROOT = join(__dirname, '..', '..');
/** Files of the packages the layer provides, wherever they are loaded from. */
const LAYER_CODE = /\/(@aws-lambda-powertools|jose)\//;
const generated = (group: string) => join(ROOT, 'functions', 'generated', `${group}.js`);

/**
 * A group's Lambda bundle as the stack builds it (no source map): its code, and the modules it carries
 * (the metafile's inputs with bytes in the output; it also lists what was read and dropped).
 */
function bundleOf(group: string): { code: string; inputs: string[] } {
  const { metafile, outputFiles } = buildSync({
    ...ESBUILD_OPTIONS,
    sourcemap: false,
    entryPoints: [join(ROOT, 'functions', 'lambda', `${group}.ts`)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.entries(Object.values(metafile.outputs)[0].inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file);
  return { code: outputFiles[0].text, inputs };
}

describe('per-group build output (bin/build-validators.ts, run before the tests)', () => {
  it('gives each group only the validators of its own request schemas and the grants its routes name', () => {
    for (const group of REGISTRY) {
      expect(existsSync(generated(group.name))).toBe(true);
      const build = require(generated(group.name)) as {
        validators: Record<string, unknown>;
        permissions: Record<string, unknown>;
      };
      const routes: readonly {
        body?: string;
        query?: string;
        permission: string | null;
        alsoNeeds?: readonly string[];
      }[] = group.routes;
      const requestSchemas = new Set(routes.flatMap((r) => [r.body, r.query].filter(Boolean)));
      const permissions = new Set(routes.flatMap((r) => [r.permission, ...(r.alsoNeeds ?? [])].filter(Boolean)));
      expect(new Set(Object.keys(build.validators))).toEqual(requestSchemas);
      expect(new Set(Object.keys(build.permissions))).toEqual(permissions);
    }
  });

  it('generates validators without message strings or schema paths that still name the field at fault', () => {
    const code = readFileSync(generated('payment-requests'), 'utf8');
    expect(code).not.toMatch(/schemaPath:"#/);
    expect(code).not.toMatch(/message:"must/);
    expect(withoutSchemaPaths('{schemaPath:"#/properties/a/type",keyword:"type"}')).toBe(
      '{schemaPath:"",keyword:"type"}',
    );
    const { validators } = require(generated('payment-requests')) as {
      validators: Record<string, ((data: unknown) => boolean) & { errors?: never[] }>;
    };
    const pay = validators.PayBody;
    expect(pay({ assetType: 'svc.nzd.test', idempotencyKey: 'k', externalPaymentRef: 'x'.repeat(129) })).toBe(false);
    expect(describeError(pay.errors?.[0], 'body')).toBe('externalPaymentRef must NOT have more than 128 characters');
  });

  it('compiles a definition two schemas share once, reached by $ref, instead of inlining it', () => {
    const { schemas, definitions } = hoistShared(['CreatePaymentRequestBody', 'RefundBody']);
    const refs = JSON.stringify(schemas).match(/"\$ref":"shared-\d+"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(definitions).length).toBeGreaterThan(0);
    // The money fragment both bodies use is one definition.
    expect(Object.values(definitions).some((d) => JSON.stringify(d).includes('"currency"'))).toBe(true);
    const code = readFileSync(generated('payment-requests'), 'utf8');
    expect(code).toContain('shared-');
  });

  it(
    'builds the Powertools layer as minified files: each module the functions require resolves from the layer ' +
      'alone, with the licenses',
    () => {
      const modules = join(buildLayerDirectory(ESBUILD_OPTIONS.target!), 'nodejs', 'node_modules');
      // As on Lambda: only the layer's node_modules on NODE_PATH, required from a folder with no node_modules above it.
      const script =
        `${LAYER_ENTRIES.map((m) => `require(${JSON.stringify(m)});`).join('')}` +
        'process.stdout.write(JSON.stringify(Object.keys(require.cache)))';
      // The runtime's SDK (the secrets provider needs its client) after the layer, as Lambda orders them.
      const env = {
        PATH: process.env.PATH,
        NODE_PATH: `${modules}:${join(ROOT, 'node_modules')}`,
        AWS_LAMBDA_FUNCTION_NAME: 'layer-test',
      };
      const loaded = JSON.parse(
        execFileSync(process.execPath, ['-e', script], { cwd: tmpdir(), env, encoding: 'utf8' }),
      ) as string[];
      expect(loaded.filter((file) => LAYER_CODE.test(file) && !file.startsWith(modules))).toEqual([]);
      // The packages' code is two files (jose apart, read on first use); one small module per entry hands it on.
      expect(loaded.filter((file) => file.startsWith(join(modules, '.layer'))).sort()).toEqual([
        join(modules, '.layer', 'jose.js'),
        join(modules, '.layer', 'powertools.js'),
      ]);
      expect(loaded.filter((file) => file.startsWith(modules))).toHaveLength(2 + LAYER_ENTRIES.length);
      expect(existsSync(join(modules, 'aws-xray-sdk-core'))).toBe(false);
      expect(existsSync(join(modules, '@aws-sdk'))).toBe(false);
      const licenses = JSON.parse(readFileSync(join(modules, '.layer', 'licenses', 'licenses.json'), 'utf8')) as {
        name: string;
        license: string;
      }[];
      expect(licenses).toEqual(
        expect.arrayContaining([
          { name: '@aws-lambda-powertools/parameters', version: expect.any(String), license: 'MIT-0' },
          expect.objectContaining({ name: 'jose' }),
        ]),
      );
      // Neither Powertools' Tracer nor the X-Ray SDK: core/tracing.ts traces without them.
      expect(licenses.map((l) => l.name).filter((name) => /tracer|xray/.test(name))).toEqual([]);
      // Powertools' packages ship no license file (their manifest names MIT-0); jose ships its own.
      expect(existsSync(join(modules, '.layer', 'licenses', 'jose'))).toBe(true);
    },
  );

  it(
    'finds in the layer every module of its packages that ' + 'a function requires (a missing one fails only on AWS)',
    () => {
      for (const entry of FUNCTION_ENTRIES) {
        const { outputFiles } = buildSync({
          ...ESBUILD_OPTIONS,
          sourcemap: false,
          entryPoints: [join(ROOT, `${entry}.ts`)],
          write: false,
          logLevel: 'silent',
        });
        const required = [...outputFiles[0].text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
        const fromLayer = required.filter((name) =>
          LAYER_PACKAGES.some((pkg) => name === pkg || name.startsWith(`${pkg}/`)),
        );
        expect({
          entry,
          missing: fromLayer.filter((name) => !(LAYER_ENTRIES as readonly string[]).includes(name)),
        }).toEqual({ entry, missing: [] });
      }
    },
  );

  it("signs a webhook with the layer's jose, and the token verifies against the published keys", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'layer-jose-'));
    try {
      const layer = join(buildLayerDirectory(ESBUILD_OPTIONS.target!), 'nodejs', 'node_modules');
      buildSync({
        ...ESBUILD_OPTIONS,
        sourcemap: false,
        entryPoints: [join(ROOT, 'test', 'unit', 'fixtures', 'signs-a-notification.ts')],
        outfile: join(dir, 'index.js'),
        logLevel: 'silent',
      });
      const key = await newSigningKey(new Date(Date.now() - 3600_000));
      // Only the layer on NODE_PATH: signing needs no AWS SDK when the key set is given inline.
      const env = { PATH: process.env.PATH, NODE_PATH: layer, WEBHOOK_SIGNING_KEYS: JSON.stringify({ keys: [key] }) };
      const out = JSON.parse(
        execFileSync(process.execPath, [join(dir, 'index.js')], { cwd: dir, env, encoding: 'utf8' }),
      ) as { alg: string; kid: string; aud: string; loaded: string[] };
      expect(out).toMatchObject({ alg: 'ES256', kid: key.kid, aud: 'https://merchant.example/hooks' });
      expect(out.loaded).toContain(join(layer, '.layer', 'jose.js'));
      expect(out.loaded.filter((file) => LAYER_CODE.test(file) && !file.startsWith(layer))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'runs a function bundle on the layer as Lambda would: Powertools from the layer, secrets read on first use, ' +
      'the trace sent without the response',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'layer-run-'));
      // The X-Ray daemon's stand-in: the SDK sends each finished subsegment to it over UDP.
      const daemon = createSocket('udp4');
      const traced: string[] = [];
      daemon.on('message', (message) => traced.push(message.toString('utf8')));
      await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
      // Secrets Manager's stand-in: the webhook signing key set the JWKS route publishes.
      const signingKey = await newSigningKey(new Date());
      const secrets = createServer((req, res) => {
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') return void res.writeHead(400).end('{}');
        res.end(
          JSON.stringify({
            ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:signing',
            Name: 'signing',
            VersionId: 'v1',
            SecretString: JSON.stringify({ keys: [signingKey] }),
          }),
        );
      });
      await new Promise<void>((resolve) => secrets.listen(0, '127.0.0.1', resolve));
      try {
        const layer = join(buildLayerDirectory(ESBUILD_OPTIONS.target!), 'nodejs', 'node_modules');
        buildSync({
          ...ESBUILD_OPTIONS,
          sourcemap: false,
          entryPoints: [join(ROOT, 'functions', 'lambda', 'system.ts')],
          outfile: join(dir, 'index.js'),
          logLevel: 'silent',
        });
        const eventOf = (path: string, requestId: string) => ({
          version: '2.0',
          routeKey: `GET ${path}`,
          rawPath: path,
          rawQueryString: '',
          headers: {},
          isBase64Encoded: false,
          requestContext: {
            requestId,
            routeKey: `GET ${path}`,
            timeEpoch: Date.now(),
            http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
          },
        });
        const context = {
          functionName: 'group-system',
          functionVersion: '$LATEST',
          invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:group-system',
          memoryLimitInMB: '512',
          awsRequestId: 'r-1',
        };
        // Two invocations of one instance; after each, its answer and the modules loaded so far.
        const script = `const { handler } = require('./index.js');
        const invoke = (event) =>
          handler(event, { ...${JSON.stringify(context)}, getRemainingTimeInMillis: () => 3000 })
            .then((r) => ({ statusCode: r.statusCode, body: r.body, loaded: Object.keys(require.cache) }));
        (async () => {
          const results = [
            await invoke(${JSON.stringify(eventOf('/api/openapi.json', 'r-1'))}),
            await invoke(${JSON.stringify(eventOf('/api/.well-known/jwks.json', 'r-2'))}),
          ];
          process.stdout.write('\\nRESULT ' + JSON.stringify(results));
        })();`;
        // The runtime's SDK after the layer on NODE_PATH, as Lambda orders them; a Lambda environment with a sampled
        // trace.
        const env = {
          PATH: process.env.PATH,
          NODE_PATH: `${layer}:${join(ROOT, 'node_modules')}`,
          AWS_LAMBDA_FUNCTION_NAME: 'group-system',
          AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
          LAMBDA_TASK_ROOT: dir,
          _HANDLER: 'index.handler',
          _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
          AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`,
          AWS_REGION: 'us-east-1',
          AWS_ACCESS_KEY_ID: 'test',
          AWS_SECRET_ACCESS_KEY: 'test',
          AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(secrets.address() as AddressInfo).port}`,
          WEBHOOK_SIGNING_KEYS_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:signing',
          STAGE: 'prod',
          TABLE_NAME: 'payments',
          LOG_LEVEL: 'INFO',
          POWERTOOLS_METRICS_DISABLED: 'true',
        };
        const run = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
          const child = spawn(process.execPath, ['-e', script], { cwd: dir, env });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk) => (stdout += chunk));
          child.stderr.on('data', (chunk) => (stderr += chunk));
          child.on('error', reject);
          child.on('close', () => resolve({ stdout, stderr }));
        });
        const [openapi, jwks] = JSON.parse(run.stdout.split('\nRESULT ')[1] ?? 'null') as {
          statusCode: number;
          body: string;
          loaded: string[];
        }[];
        expect(openapi.statusCode).toBe(200);
        // Nothing of the layer before the first secret read: tracing is the bundle's own (core/tracing.ts).
        expect(openapi.loaded.filter((file) => file.startsWith(layer))).toEqual([]);
        // No secret read yet: neither the secrets provider nor the Secrets Manager client is loaded.
        expect(openapi.loaded.filter((file) => /secrets-manager|\/parameters\//.test(file))).toEqual([]);
        expect(jwks.statusCode).toBe(200);
        expect((JSON.parse(jwks.body) as { keys: { kid: string }[] }).keys.map((k) => k.kid)).toEqual([signingKey.kid]);
        expect(jwks.loaded).toContain(join(layer, '@aws-lambda-powertools', 'parameters', 'secrets.js'));
        expect(jwks.loaded.filter((file) => LAYER_CODE.test(file) && !file.startsWith(layer))).toEqual([]);
        // Each request's structured line, in Powertools' fields: the first invocation the instance's cold start.
        const lines = run.stdout
          .split('\n')
          .filter((line) => line.includes('"message":"request"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(lines).toEqual(
          ['r-1', 'r-2'].map((requestId, i) =>
            expect.objectContaining({
              level: 'INFO',
              message: 'request',
              service: 'payments-platform',
              function_name: 'group-system',
              function_memory_size: 512,
              function_request_id: 'r-1',
              xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793',
              requestId,
              statusCode: 200,
              cold_start: i === 0,
            }),
          ),
        );
        // Each invocation's subsegment reached the daemon, the secret's read a child of the second's, with no part of
        // its response.
        while (traced.length < 3) await new Promise((resolve) => setImmediate(resolve));
        const segments = traced.map(
          (message) =>
            JSON.parse(message.slice(message.indexOf('\n') + 1)) as {
              id: string;
              name: string;
              trace_id: string;
              parent_id: string;
            },
        );
        const handlers = segments.filter(
          (segment) =>
            segment.name === '## index.handler' && segment.trace_id === '1-5759e988-bd862e3fe1be46a994272793',
        );
        expect(handlers).toHaveLength(2);
        expect(segments.filter((segment) => segment.name === 'SecretsManager')).toEqual([
          expect.objectContaining({ parent_id: handlers[1].id, namespace: 'aws' }),
        ]);
        expect(traced.join('')).not.toContain('openapi');
        expect(traced.join('')).not.toContain(signingKey.privateJwk.x!);
        expect(run.stdout + run.stderr).not.toMatch(/too large/);
      } finally {
        daemon.close();
        secrets.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'carries the AWS SDK tree-shaken inside the bundle, and loads nothing of the layer at start, under ' +
      "Lambda's active tracing or not",
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'lean-sdk-'));
      try {
        const { code } = bundleOf('payment-requests');
        // Left to a require: the SDK's CRT signer, tried only for SigV4a (none of our calls), not installed; and the
        // runtime's Secrets Manager client, which the layer's Parameters requires too, on the first secret read.
        const required = [...code.matchAll(/require\("(@aws-sdk\/[^"]+)"\)/g)].map((m) => m[1]);
        expect([...new Set(required.filter((name) => name !== '@aws-sdk/signature-v4-crt'))]).toEqual([
          '@aws-sdk/client-secrets-manager',
        ]);
        // Only the commands it sends: the SDK's DynamoDB and SQS clients as published are some 3 MB.
        expect(code.length).toBeLessThan(700 * 1024);
        const layer = join(buildLayerDirectory(ESBUILD_OPTIONS.target!), 'nodejs', 'node_modules');
        buildSync({
          ...ESBUILD_OPTIONS,
          sourcemap: false,
          entryPoints: [join(ROOT, 'functions', 'lambda', 'payment-requests.ts')],
          outfile: join(dir, 'index.js'),
          logLevel: 'silent',
        });
        // Only the layer on NODE_PATH: no SDK to resolve from outside the bundle. Traced: the daemon's address, which
        // Lambda sets under active tracing.
        const loaded = (traced: boolean) =>
          JSON.parse(
            execFileSync(
              process.execPath,
              ['-e', "require('./index.js');process.stdout.write(JSON.stringify(Object.keys(require.cache)))"],
              {
                cwd: dir,
                encoding: 'utf8',
                env: {
                  PATH: process.env.PATH,
                  NODE_PATH: layer,
                  AWS_LAMBDA_FUNCTION_NAME: 'group-payment-requests',
                  AWS_REGION: 'us-east-1',
                  STAGE: 'prod',
                  TABLE_NAME: 'payments',
                  POWERTOOLS_METRICS_DISABLED: 'true',
                  ...(traced ? { AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000' } : {}),
                },
              },
            ),
          ) as string[];
        const untraced = loaded(false);
        const traced = loaded(true);
        // The logger, the metrics and the tracer are the bundle's own.
        expect([...untraced, ...traced].filter((file) => file.startsWith(layer))).toEqual([]);
        expect([...untraced, ...traced].filter((file) => file.includes('@aws-sdk'))).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('loads a layer package imported on first use with require, which resolves from the layer on NODE_PATH', () => {
    const { code } = bundleOf('accounts');
    expect(code).toMatch(/require\("jose"\)/);
    expect(code).not.toMatch(/\bimport\(/);
  });

  it(
    "leaves out of a group's bundle the modules of another group's public face it does not use (package.json " +
      'sideEffects: false)',
    () => {
      const { inputs } = bundleOf('checkout');
      // The checkout pays and cancels through payment-requests' index.ts, which also exports create, refund and void.
      expect(inputs).toContain('functions/payment-requests/pay-payment-request.ts');
      expect(inputs).not.toContain('functions/payment-requests/create-payment-request.ts');
      expect(inputs).not.toContain('functions/payment-requests/refund-payment-request.ts');
    },
  );

  it("grants each group's Lambda a queue only if its bundle sends to it (a missing grant shows only on AWS)", () => {
    const queueNames = new Set(QUEUES.map((q) => q.name));
    for (const group of REGISTRY) {
      const { inputs, code } = bundleOf(group.name);
      const { infrastructure = {} }: GroupDefinition = group;
      const declared = new Set(infrastructure.sends ?? []);
      // Queues named in the code (the test clock's alarms name theirs in the table, so a group may declare more).
      const named = new Set([...code.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]).filter((name) => queueNames.has(name)));
      expect({ group: group.name, sends: inputs.includes('functions/core/queues.ts') }).toEqual({
        group: group.name,
        sends: declared.size > 0,
      });
      expect({ group: group.name, undeclared: [...named].filter((name) => !declared.has(name)) }).toEqual({
        group: group.name,
        undeclared: [],
      });
    }
  });

  it('ships the OpenAPI document gzipped to the system group only', () => {
    const { gzippedBase64 } = require(join(ROOT, 'functions', 'generated', 'openapi.js')) as { gzippedBase64: string };
    const document = JSON.parse(gunzipSync(Buffer.from(gzippedBase64, 'base64')).toString('utf8'));
    expect(document.openapi).toBe('3.1.0');
    expect(readFileSync(generated('system'), 'utf8')).not.toContain('CreatePaymentRequestBody');
  });

  it(
    "ships Scalar's script beside the api-reference group's bundle, as the stack's bundling copies it, and reads it " +
      'on its first request only',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'api-reference-'));
      try {
        buildSync({
          ...ESBUILD_OPTIONS,
          sourcemap: false,
          entryPoints: [join(ROOT, 'functions', 'lambda', 'api-reference.ts')],
          outfile: join(dir, 'index.js'),
          logLevel: 'silent',
        });
        // The commands CDK runs after bundling the group's function (lib/constructs/functions.ts).
        const { infrastructure } = REGISTRY.find((g) => g.name === 'api-reference')!;
        const hooks = bundlingWith(infrastructure.files).commandHooks!;
        for (const command of hooks.afterBundling(ROOT, dir)) execFileSync('sh', ['-c', command]);
        const code = readFileSync(join(dir, 'index.js'), 'utf8');
        // The script (1.2 MB gzipped, 1.7 MB as base64 in a string) is not in the code a cold import parses.
        expect(code.length).toBeLessThan(1024 * 1024);
        const { version } = require(join(ROOT, 'functions', 'generated', 'api-reference-script.js')) as {
          version: string;
        };
        const event = (path: string, query: string) => ({
          version: '2.0',
          routeKey: `GET ${path}`,
          rawPath: path,
          rawQueryString: query,
          queryStringParameters: Object.fromEntries(new URLSearchParams(query)),
          headers: {},
          isBase64Encoded: false,
          requestContext: {
            requestId: 'r-1',
            routeKey: `GET ${path}`,
            timeEpoch: Date.now(),
            http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
          },
        });
        // The page, then the script: the file is opened by the script's request, not before.
        const script = `const fs = require('node:fs');
        const read = fs.readFileSync;
        const opened = [];
        fs.readFileSync = (file, ...rest) => (opened.push(String(file)), read(file, ...rest));
        const { handler } = require('./index.js');
        const context = { awsRequestId: 'r-1', getRemainingTimeInMillis: () => 3000 };
        (async () => {
          const page = await handler(${JSON.stringify(event('/docs', ''))}, context);
          const before = opened.filter((file) => file.endsWith('.gz'));
          const js = await handler(${JSON.stringify(event('/docs/api-reference.js', `v=${version}`))}, context);
          const text = require('node:zlib').gunzipSync(Buffer.from(js.body, 'base64')).toString('utf8');
          const scalar = text.includes('createApiReference');
          const result = { page: page.statusCode, before, js: { ...js, body: undefined, scalar }, opened };
          process.stdout.write('\\nRESULT ' + JSON.stringify(result));
        })();`;
        const out = JSON.parse(
          execFileSync(process.execPath, ['-e', script], {
            cwd: dir,
            encoding: 'utf8',
            env: { PATH: process.env.PATH, AWS_LAMBDA_FUNCTION_NAME: 'group-api-reference', STAGE: 'prod' },
          }).split('\nRESULT ')[1],
        ) as {
          page: number;
          before: string[];
          js: { statusCode: number; scalar: boolean; headers: Record<string, string> };
          opened: string[];
        };
        expect(out.page).toBe(200);
        expect(out.before).toEqual([]);
        expect(out.js.statusCode).toBe(200);
        expect(out.js.headers['content-encoding']).toBe('gzip');
        expect(out.js.scalar).toBe(true);
        expect(out.opened).toContain(join(dir, 'api-reference-script.js.gz'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('Telemetry (core/observability.ts)', () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
    jest.restoreAllMocks();
  });

  it(
    'emits money metrics as EMF: a count, and the amount with its currency as a dimension; a replay counts ' +
      'nothing',
    async () => {
      process.env.POWERTOOLS_METRICS_DISABLED = 'false';
      const lines: string[] = [];
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      await jest.isolateModulesAsync(async () => {
        const { countedAs } = await import('../../functions/core/http/money-metrics');
        const { Reply } = await import('../../functions/core/http/response');
        const { metrics } = await import('../../functions/core/observability');
        const pay = countedAs('payment', async () => ({ id: 'x', value: { currency: 'NZD', amount: '1250' } }));
        await pay({} as never);
        await countedAs(
          'payment',
          async () => new Reply({ value: { currency: 'NZD', amount: '1' } }, { 'idempotent-replayed': 'true' }),
        )({} as never);
        metrics.publishStoredMetrics();
      });
      const emf = lines.map(
        (line) => JSON.parse(line) as { _aws: { CloudWatchMetrics: unknown[] }; [field: string]: unknown },
      );
      const amount = emf.find((e) => 'PaymentAmount' in e)!;
      expect(amount.PaymentAmount).toBe(1250);
      expect(amount.currency).toBe('NZD');
      expect(amount._aws.CloudWatchMetrics[0]).toMatchObject({
        Namespace: 'PaymentsPlatform',
        Dimensions: [expect.arrayContaining(['service', 'currency'])],
      });
      expect(emf.filter((e) => 'Payments' in e).map((e) => e.Payments)).toEqual([1]);
    },
  );

  it('logs one readable line per entry locally, with the request attributes and never an API key', async () => {
    process.env.STAGE = 'local';
    process.env.LOG_LEVEL = 'INFO';
    const lines: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    await jest.isolateModulesAsync(async () => {
      const { logger } = await import('../../functions/core/observability');
      logger.info('request', { route: 'GET /api/accounts/{accountId}', accountId: 'acc1', statusCode: 200 });
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}request route=GET \/api\/accounts\/\{accountId\} accountId=acc1 statusCode=200$/,
    );
  });
});

describe('AWS SDK clients (core/observability.ts sdkClient)', () => {
  it("are built without the SDK's logger step", async () => {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    const { sdkClient } = await import('../../functions/core/observability');
    const { db } = await import('../../functions/core/db/client');
    const steps = (client: { middlewareStack: { identify(): string[] } }) =>
      client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);
    // The step the SDK adds to every client, so that the assertions below can fail.
    expect(steps(new DynamoDBClient({}))).toContain('loggerMiddleware');
    expect(steps(db())).not.toContain('loggerMiddleware');
    expect(steps(db())).toContain('gateWrites');
    expect(steps(sdkClient(new SQSClient({})))).not.toContain('loggerMiddleware');
  });
});
