import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/bundling';

const ROOT = join(__dirname, '..', '..');

/** The credential providers and clients of the SDK's default chain past the environment (lib/bundling.ts ALIAS). */
const CHAIN_PAST_ENV =
  /@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|http|login)|nested-clients)\//;

/** The source files a function's shipped bundle is built from. */
function inputsOf(entry: string): string[] {
  const { metafile } = buildSync({
    ...ESBUILD_OPTIONS,
    sourcemap: false,
    entryPoints: [join(ROOT, 'functions', entry)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(Object.values(metafile.outputs)[0].inputs);
}

describe('the shipped bundles carry only the SDK they call (lib/bundling.ts)', () => {
  it("carry none of the default chain's providers, nor the SDK's core, signer, HTTP handler or retries", () => {
    const inputs = inputsOf('lambda/payment-requests.ts');
    expect(inputs).toContain('functions/core/sdk-credentials.ts');
    expect(inputs.filter((file) => CHAIN_PAST_ENV.test(file) || file.includes('/credential-provider-env/'))).toEqual(
      [],
    );
    // Of smithy only what client-dynamodb's error classes extend.
    expect(
      inputs.filter(
        (file) =>
          /@aws-sdk\/core\/|@smithy\/(signature-v4|node-http-handler)\//.test(file) ||
          (file.includes('@smithy/') && !file.includes('@smithy/core/dist-es/submodules/client/')),
      ),
    ).toEqual([]);
  });

  it("resolve a bundled client's credentials from Lambda's environment, and fail without them", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-credentials-'));
    const outfile = join(dir, 'index.js');
    buildSync({
      ...ESBUILD_OPTIONS,
      sourcemap: false,
      stdin: {
        contents:
          "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';" +
          "const client = new DynamoDBClient({ region: 'us-east-1' });" +
          'client.config.credentials().then(' +
          '(c) => console.log(JSON.stringify({ id: c.accessKeyId, token: c.sessionToken })),' +
          '(e) => console.log(JSON.stringify({ error: e.name })));',
        resolveDir: ROOT,
        loader: 'ts',
      },
      outfile,
      logLevel: 'silent',
    });
    // Run where no node_modules can be found and with no profile, metadata or token to fall back on.
    const run = (env: Record<string, string>) =>
      JSON.parse(
        execFileSync(process.execPath, [outfile], {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', HOME: dir, AWS_EC2_METADATA_DISABLED: 'true', ...env },
        }).toString(),
      );
    expect(
      run({ AWS_ACCESS_KEY_ID: 'AKIDLAMBDA', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session' }),
    ).toEqual({ id: 'AKIDLAMBDA', token: 'session' });
    expect(run({})).toEqual({ error: 'CredentialsProviderError' });
  });

  it('reach DynamoDB without its client or the document client (core/db/dynamodb.ts), with its errors', () => {
    const inputs = inputsOf('lambda/payment-requests.ts');
    expect(inputs).toContain('functions/core/db/dynamodb.ts');
    expect(inputs.filter((file) => /@aws-sdk\/lib-dynamodb\//.test(file))).toEqual([]);
    expect(
      inputs.filter(
        (file) => file.includes('@aws-sdk/client-dynamodb/') && !/\/dist-es\/(index|models\/[^/]+)\.js$/.test(file),
      ),
    ).toEqual([]);
    expect(inputs.some((file) => file.endsWith('@aws-sdk/client-dynamodb/dist-es/models/errors.js'))).toBe(true);
  });

  it('send emails and text messages without the SES v2 and End User Messaging SMS clients', () => {
    const inputs = inputsOf('consumers/notifications.ts');
    expect(inputs).toContain('functions/core/notifications/senders.ts');
    expect(inputs.filter((file) => /@aws-sdk\/client-(sesv2|pinpoint-sms-voice-v2)\//.test(file))).toEqual([]);
  });

  it("reach S3 and SQS without their clients (core/aws-request.ts), on the SDK's one copy of smithy", () => {
    for (const [entry, module] of [
      ['lambda/media-uploads.ts', 'object-store'],
      ['consumers/batches.ts', 'object-store'],
      ['lambda/payment-requests.ts', 'queues'],
    ]) {
      const inputs = inputsOf(entry);
      expect(inputs).toContain(`functions/core/${module}.ts`);
      // package.json pins @smithy/* to the versions the SDK's clients resolve: a second copy would be bundled too.
      expect(inputs.filter((file) => /node_modules\/.+\/node_modules\/@smithy\//.test(file))).toEqual([]);
      expect(
        inputs.filter((file) =>
          /@aws-sdk\/(client-s3|s3-request-presigner|middleware-sdk-s3|client-sqs|middleware-sdk-sqs)\//.test(file),
        ),
      ).toEqual([]);
    }
  });
});
