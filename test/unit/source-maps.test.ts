import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/bundling';
import { shortSource } from '../../functions/core/source-maps';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = 'test/unit/fixtures/logs-an-error.ts';

/**
 * A function runs without `--enable-source-maps` (it costs every cold start); the logger maps an
 * error's stack through the bundle's map when it logs it (functions/core/source-maps.ts).
 */
describe('errors logged by a bundled function name our sources', () => {
  let dir: string;
  let bundle: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'source-maps-'));
    bundle = join(dir, 'index.js');
    buildSync({ ...ESBUILD_OPTIONS, entryPoints: [join(ROOT, FIXTURE)], outfile: bundle, logLevel: 'silent' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (env: Record<string, string>) => {
    const { stdout, stderr } = spawnSync(process.execPath, [bundle], {
      env: { PATH: process.env.PATH, NODE_PATH: join(ROOT, 'node_modules'), LOG_LEVEL: 'WARN', ...env },
      encoding: 'utf8',
    });
    return { raw: (JSON.parse(stdout) as { raw: string }).raw, stderr };
  };

  it('on AWS: the structured log gives the source location and stack, the cause mapped too', () => {
    const { raw, stderr } = run({
      AWS_LAMBDA_FUNCTION_NAME: 'fixture',
      AWS_REGION: 'us-east-1',
      STAGE: 'prod',
      POWERTOOLS_METRICS_DISABLED: 'true',
    });
    const log = JSON.parse(stderr);
    // The stack as the runtime gives it names the minified bundle only.
    expect(raw).toContain(`${bundle}:`);
    expect(raw).not.toContain('.ts:');
    expect(log.error.location).toBe(`${FIXTURE}:5`);
    expect(log.error.stack).toContain(`at chargeTheCard (${FIXTURE}:5:9)`);
    expect(log.error.stack).not.toContain(bundle);
    expect(log.error.cause.stack).toContain(`${FIXTURE}:5:`);
    expect(log.error.message).toBe('card declined');
  });

  it('locally (npm start, the tests): the one-line log carries the mapped stack', () => {
    const { raw, stderr } = run({ STAGE: 'local' });
    expect(raw).toContain(`${bundle}:`);
    expect(stderr).toContain('payment failed');
    expect(stderr).toContain(`at chargeTheCard (${FIXTURE}:5:9)`);
    expect(stderr).not.toContain(bundle);
  });
});

describe('shortSource', () => {
  it.each([
    ['../../../work/main/functions/core/http/errors.ts', 'functions/core/http/errors.ts'],
    ['../../functions/payment-requests/pay-payment-request.ts', 'functions/payment-requests/pay-payment-request.ts'],
    ['../../../builds/test/lib/payments/test/unit/fixtures/logs-an-error.ts', 'test/unit/fixtures/logs-an-error.ts'],
    ['../../../srv/functions/repo/functions/core/test-clock/alarms.ts', 'functions/core/test-clock/alarms.ts'],
    ['../../../work/main/node_modules/ajv/lib/runtime/ucs2length.ts', 'node_modules/ajv/lib/runtime/ucs2length.ts'],
    ['layer-entries.js', 'layer-entries.js'],
  ])('%s → %s', (source, short) => expect(shortSource(source)).toBe(short));
});
