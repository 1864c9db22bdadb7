import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { hoistShared, withoutSchemaPaths } from '../../bin/build-validators';
import { describe as describeError } from '../../functions/core/validation/validate';
import { buildSync } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/bundling';
import { buildLayerDirectory } from '../../lib/powertools-layer';
import { REGISTRY } from '../../functions/registry';
import type { GroupDefinition } from '../../functions/core/group';
import { QUEUES } from '../../functions/core/infrastructure';

const ROOT = join(__dirname, '..', '..');
const generated = (group: string) => join(ROOT, 'functions', 'generated', `${group}.js`);

/**
 * A group's Lambda bundle as the stack builds it (no source map): its code, and the modules it carries
 * (the metafile's inputs with bytes in the output; it also lists what was read and dropped).
 */
function bundleOf(group: string): { code: string; inputs: string[] } {
  const { metafile, outputFiles } = buildSync({ ...ESBUILD_OPTIONS, sourcemap: false, entryPoints: [join(ROOT, 'functions', group, 'handler.ts')], write: false, metafile: true, logLevel: 'silent' });
  const inputs = Object.entries(Object.values(metafile.outputs)[0].inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file);
  return { code: outputFiles[0].text, inputs };
}

describe('per-group build output (bin/build-validators.ts, run before the tests)', () => {
  it('gives each group only the validators of its own request schemas and the grants its routes name', () => {
    for (const group of REGISTRY) {
      expect(existsSync(generated(group.name))).toBe(true);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const build = require(generated(group.name)) as { validators: Record<string, unknown>; permissions: Record<string, unknown> };
      const routes: readonly { body?: string; query?: string; permission: string | null; alsoNeeds?: readonly string[] }[] = group.routes;
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
    expect(withoutSchemaPaths('{schemaPath:"#/properties/a/type",keyword:"type"}')).toBe('{schemaPath:"",keyword:"type"}');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { validators } = require(generated('payment-requests')) as { validators: Record<string, ((data: unknown) => boolean) & { errors?: never[] }> };
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

  it('puts in the Powertools layer every package that what the functions import from it needs, so nothing resolves outside it', () => {
    const modules = join(buildLayerDirectory(), 'nodejs', 'node_modules');
    // As on Lambda: only the layer's node_modules on NODE_PATH, required from a folder with no node_modules above it.
    const script = `${['@aws-lambda-powertools/logger', '@aws-lambda-powertools/logger/middleware', '@aws-lambda-powertools/metrics', '@aws-lambda-powertools/tracer', '@aws-lambda-powertools/tracer/middleware', 'jose']
      .map((m) => `require(${JSON.stringify(m)});`)
      .join('')}process.stdout.write(JSON.stringify(Object.keys(require.cache)))`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: tmpdir(), env: { PATH: process.env.PATH, NODE_PATH: modules, AWS_LAMBDA_FUNCTION_NAME: 'layer-test' }, encoding: 'utf8' })) as string[];
    expect(loaded.length).toBeGreaterThan(20);
    expect(loaded.filter((file) => !file.startsWith(modules))).toEqual([]);
    expect(existsSync(join(modules, 'aws-xray-sdk-core'))).toBe(true);
    expect(loaded.some((file) => file.startsWith(join(modules, 'jose')))).toBe(true);
    expect(existsSync(join(modules, '@aws-sdk'))).toBe(false);
  });

  it('loads a layer package imported on first use with require, which resolves from the layer on NODE_PATH', () => {
    const { code } = bundleOf('accounts');
    expect(code).toMatch(/require\("jose"\)/);
    expect(code).not.toMatch(/\bimport\(/);
  });

  it("leaves out of a group's bundle the modules of another group's public face it does not use (package.json sideEffects: false)", () => {
    const { inputs } = bundleOf('checkout');
    // The checkout pays and cancels through payment-requests' index.ts, which also exports create, refund and void.
    expect(inputs).toContain('functions/payment-requests/pay-payment-request.ts');
    expect(inputs).not.toContain('functions/payment-requests/create-payment-request.ts');
    expect(inputs).not.toContain('functions/payment-requests/refund-payment-request.ts');
  });

  it("grants each group's Lambda a queue only if its bundle sends to it (a missing grant shows only on AWS)", () => {
    const queueNames = new Set(QUEUES.map((q) => q.name));
    for (const group of REGISTRY) {
      const { inputs, code } = bundleOf(group.name);
      const { infrastructure = {} }: GroupDefinition = group;
      const declared = new Set(infrastructure.sends ?? []);
      // Queues named in the code (the test clock's alarms name theirs in the table, so a group may declare more).
      const named = new Set([...code.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]).filter((name) => queueNames.has(name)));
      expect({ group: group.name, sends: inputs.includes('functions/core/queues.ts') }).toEqual({ group: group.name, sends: declared.size > 0 });
      expect({ group: group.name, undeclared: [...named].filter((name) => !declared.has(name)) }).toEqual({ group: group.name, undeclared: [] });
    }
  });

  it('ships the OpenAPI document gzipped to the system group only', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { gzippedBase64 } = require(join(ROOT, 'functions', 'generated', 'openapi.js')) as { gzippedBase64: string };
    const document = JSON.parse(require('node:zlib').gunzipSync(Buffer.from(gzippedBase64, 'base64')).toString('utf8'));
    expect(document.openapi).toBe('3.1.0');
    expect(readFileSync(generated('system'), 'utf8')).not.toContain('CreatePaymentRequestBody');
  });
});

describe('Powertools', () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
    jest.restoreAllMocks();
  });

  it('emits money metrics as EMF: a count, and the amount with its currency as a dimension; a replay counts nothing', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const lines: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    await jest.isolateModulesAsync(async () => {
      const { countedAs } = await import('../../functions/core/http/money-metrics');
      const { Reply } = await import('../../functions/core/http/response');
      const { metrics } = await import('../../functions/core/observability');
      const pay = countedAs('payment', async () => ({ id: 'x', value: { currency: 'NZD', amount: '1250' } }));
      await pay({} as never);
      await countedAs('payment', async () => new Reply({ value: { currency: 'NZD', amount: '1' } }, { 'idempotent-replayed': 'true' }))({} as never);
      metrics.publishStoredMetrics();
    });
    const emf = lines.map((line) => JSON.parse(line) as Record<string, any>);
    const amount = emf.find((e) => 'PaymentAmount' in e)!;
    expect(amount.PaymentAmount).toBe(1250);
    expect(amount.currency).toBe('NZD');
    expect(amount._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'PaymentsPlatform', Dimensions: [expect.arrayContaining(['service', 'currency'])] });
    expect(emf.filter((e) => 'Payments' in e).map((e) => e.Payments)).toEqual([1]);
  });

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
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  request route=GET \/api\/accounts\/\{accountId\} accountId=acc1 statusCode=200$/);
  });
});
