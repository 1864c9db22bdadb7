import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { freePort } from '../../bin/local/free-port';
import type { LocalRuntime } from '../../bin/local/platform';
import { STREAM_FAILURES } from '../../functions/core/infrastructure';
import { api, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { untilListening } from '../support/local-platform';
import {
  challenge,
  fundedMerchant,
  join as joinProgram,
  newActiveProgram,
  newPromotion,
  promotionMemberships,
} from '../support/loyalty';
import { balance, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { ok, uniqueKey } from '../support/value';

/**
 * A stream batch the promotion consumer failed on for good is parked in the stream-failures queue (its shard and
 * sequence-number range, as on AWS), and `npm run admin -- replay-stream-failures` counts it: once, however often it
 * runs. The platform is an `npm start` of its own, whose DynamoDB clients fail every write of promotion progress or
 * of an uncounted payment while the fault file exists: its consumer can neither count nor record the payment.
 */
jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const stateDir = mkdtempSync(join(tmpdir(), 'stream-replay-'));
const faultFile = join(stateDir, 'fault');

const FAULTY_START = `
const { existsSync } = require('node:fs');
require('./functions/core/db/client').onDynamoDbClient((client) =>
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (
        existsSync(process.env.FAULT_FILE) &&
        /Put|Update|Delete|TransactWrite/.test(context.commandName ?? '') &&
        /"PROMOTION(UNCOUNTED)?#/.test(JSON.stringify(args.input))
      )
        throw Object.assign(new Error('injected: promotion writes fail'), {
          name: 'InternalServerError',
          $metadata: {},
        });
      return next(args);
    },
    { step: 'initialize', name: 'streamReplayFault' },
  ),
);
require('./bin/local.ts');
`;

let child: ChildProcess;
let sqs: SQSClient;
let runtime: LocalRuntime;

beforeAll(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', '-e', FAULTY_START, '--', '--in-memory'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      LOCAL_STATE_DIR: stateDir,
      SEED_OUT: join(stateDir, 'seed.json'),
      VALIDATORS_PREBUILT: '1',
      FAULT_FILE: faultFile,
      // As the test platform's: the tests' calls share one source address.
      RATE_LIMIT_PER_MINUTE: '1000000',
      UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilListening(child, 180_000);
  // The test helpers call this platform, and reach its table and queues.
  runtime = JSON.parse(readFileSync(join(stateDir, 'runtime.json'), 'utf8')) as LocalRuntime;
  Object.assign(process.env, runtime.environment, {
    PLATFORM_URL: runtime.url,
    PLATFORM_SEED: readFileSync(join(stateDir, 'seed.json'), 'utf8'),
    AWS_ENDPOINT_URL_DYNAMODB: runtime.dynamoDbEndpoint,
  });
  sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
});
afterAll(async () => {
  sqs?.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(stateDir, { recursive: true, force: true });
});

const queueUrl = () => process.env[STREAM_FAILURES.urlVariable]!;

/** Messages in the stream-failures queue, received or not. */
async function parked(): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl(),
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages ?? 0) + Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

/**
 * The command, as an operator runs it: by default beside `npm start` (the platform found in its state folder), or
 * with the target flags and environment given.
 */
async function replay(
  target = ['--state-dir', stateDir],
  env: Record<string, string> = {},
): Promise<{ replayed: number; records: number; kept: unknown[] }> {
  const { stdout } = await run(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'bin', 'admin.ts'), 'replay-stream-failures', ...target, '--json'],
    { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
  );
  return JSON.parse(stdout);
}

const increments = async (owner: TestAccount, promotionId: string, accountId: string) =>
  (
    await ok(api('GET', `/api/promotions/${promotionId}/activities?paginationLimit=100`, { key: owner.apiKey }))
  ).items.filter(
    (a: { activityType: string; accountId?: string }) =>
      a.activityType === 'promotion:progress-incremented' && a.accountId === accountId,
  );

it('parks a batch the promotion consumer gave up on, and the replay counts it once', async () => {
  const [merchant, payer] = await Promise.all([fundedMerchant(), newPayer('100000', { type: 'individual' })]);
  const program = await newActiveProgram(merchant.owner);
  await ok(joinProgram(program.id, payer));
  const promotion = await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 1 }, '500'));
  expect(await parked()).toBe(0);

  writeFileSync(faultFile, '');
  const request = await newPaymentRequest(merchant, { value: nzd('1000') });
  await ok(pay(payer, request.id, uniqueKey('pay')));
  // Its retries spent (about ten seconds of backoff), the batch's place is parked.
  expect(await waitFor(parked, (n) => n === 1, 60_000)).toBe(1);
  const [uncounted] = await promotionMemberships(payer, program.id);
  expect(uncounted?.progress ?? 0).toBe(0);
  rmSync(faultFile);

  expect(await replay()).toEqual({ replayed: 1, records: 1, kept: [] });
  expect(await parked()).toBe(0);
  const counted = await promotionMemberships(payer, program.id);
  expect(counted).toEqual([expect.objectContaining({ progress: 1, completions: 1, status: 'complete' })]);

  // Nothing left to replay; the payment stays counted once and the reward paid once.
  expect(await replay()).toEqual({ replayed: 0, records: 0, kept: [] });
  expect(await promotionMemberships(payer, program.id)).toEqual(counted);
  expect(await increments(merchant.owner, promotion.id, payer.accountId)).toHaveLength(1);
  expect(await balance(payer.apiKey, payer.walletId)).toBe(String(100000 - 1000 + 500));
});

it('replays on AWS with no --table (the deployed consumers are invoked); --endpoint runs them here', async () => {
  // The stream-failures queue reached as on AWS: its endpoint, region and credentials from the environment.
  const aws = {
    AWS_ENDPOINT_URL_SQS: runtime.environment.AWS_ENDPOINT_URL_SQS,
    AWS_REGION: runtime.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
  expect(await replay(['--target', 'aws', '--queue-url', queueUrl()], aws)).toEqual({
    replayed: 0,
    records: 0,
    kept: [],
  });
  await expect(replay(['--endpoint', runtime.dynamoDbEndpoint, '--queue-url', queueUrl()], aws)).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--table is required for replay-stream-failures'),
  });
});
