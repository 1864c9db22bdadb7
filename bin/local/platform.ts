import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { STREAM_FAILURES } from '../../functions/core/infrastructure';
import { trackConsumedCapacity } from '../../functions/core/db/capacity';
import { onDynamoDbClient } from '../../functions/core/db/client';
import { rotate } from '../../functions/core/webhooks/signing-keys';
import { fromBundles, fromSources } from './bundles';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { startMessaging, type LocalMessaging } from './fauxqs';
import { startInbox } from './inbox';
import { freePort } from './free-port';
import { processAlive } from './process-alive';
import { startGateway, type Gateway } from './gateway';
import { provisionTable } from './provision-table';
import { startQueuePollers } from './queue-poller';
import { startStreamPollers } from './stream-poller';
import { startSchedule } from './schedules';
import { ensureSeed, type Seed } from './seed';
import { type IssuerKey, LOCAL_USER_CLIENT_ID, localIssuerKey, startUserIssuer } from './user-issuer';

export interface PlatformOptions {
  port: number;
  /** Keep nothing on disk. */
  inMemory: boolean;
  /** Where persisted data, the local secrets and the seed live. */
  stateDir: string;
  log?: (line: string) => void;
  /**
   * Run every function from its own bundle, built as the stack builds it (bin/local/bundles.ts), as
   * the tests do: what only a per-function module graph shows (instance caches, what bundling leaves
   * out) is seen. By default from the sources, as `npm start` does.
   */
  bundles?: boolean;
  /**
   * Publish where it listens in `stateDir` (runtime.json), in every mode, for `npm run admin`; `npm start`
   * does, the tests and the bench (several at once, none administered) do not.
   */
  publish?: boolean;
  /**
   * Run the settlement schedule (default true). The tests run settlements themselves, at the moments they choose:
   * one started by the schedule between a test's steps would settle what the test is about to change.
   */
  settlementSchedule?: boolean;
}

export interface Platform {
  url: string;
  seed: Seed;
  dynamoDbEndpoint: string;
  stop(): Promise<void>;
}

const REGION = 'us-east-1';
const TABLE_NAME = 'payments';

let measuring = false;

/**
 * With TRACK_CONSUMED_CAPACITY=1 (the tests, the bench) every DynamoDB client the functions make in
 * this process reports to the gateway's per-request measurement; deployed functions carry none of it.
 */
function measureDynamoDbCalls(): void {
  if (measuring || process.env.TRACK_CONSUMED_CAPACITY !== '1') return;
  measuring = true;
  onDynamoDbClient(trackConsumedCapacity);
}

/**
 * Starts DynamoDB Local, the SQS/S3 emulator, provisions them from functions/core/infrastructure,
 * points the AWS SDK at them through the standard endpoint variables, seeds, and serves the route table.
 */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const log = options.log ?? (() => undefined);
  measureDynamoDbCalls();
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    if (!options.inMemory || options.publish) mkdirSync(options.stateDir, { recursive: true });
    if (options.publish) refuseSecondPlatform(options.stateDir);
    const [dynamoPort, messagingPort, gatewayPort, issuerPort, mailPort, smsPort] = await Promise.all([
      freePort(),
      freePort(),
      options.port ? options.port : freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const dynamo: DynamoDbLocal = await startDynamoDbLocal({
      port: dynamoPort,
      dataDir: options.inMemory ? undefined : join(options.stateDir, 'dynamodb'),
    });
    started.push(dynamo);
    log(`DynamoDB Local on ${dynamo.endpoint}`);
    const messaging: LocalMessaging = await startMessaging({ port: messagingPort, region: REGION });
    started.push(messaging);
    log(`SQS/S3 emulator on ${messaging.endpoint}`);
    // Emails and text messages the platform sends land in these inboxes (docs/api/notifications.md).
    const inbox = await startInbox({ mailPort, smsPort });
    started.push(inbox);
    log(`email inbox (SES v2 emulator) ${inbox.mailUrl} · SMS inbox ${inbox.smsUrl} · \`npm run admin -- inbox\``);
    // Users sign in with access tokens of this issuer, as they would with the Cognito user pool's.
    const issuerKey = await localIssuerKey(options.stateDir, options.inMemory);
    const userIssuer = await startUserIssuer(issuerKey, issuerPort);
    started.push(userIssuer);
    log(`user access token issuer ${userIssuer.issuer}`);
    const users = { USER_POOL_ISSUER: userIssuer.issuer, USER_POOL_CLIENT_ID: LOCAL_USER_CLIENT_ID };

    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: messaging.endpoint,
      AWS_ENDPOINT_URL_S3: messaging.endpoint,
      TABLE_NAME,
      PAGE_KEY_SECRET: localSecret(options, 'page-key-secret'),
      DRAW_KEY_SECRET: localSecret(options, 'draw-key-secret'),
      WEBHOOK_SIGNING_KEYS: await localSigningKeys(options),
      ...users,
      // The issuer's private key, for the tests (their workers inherit this) and `npm run admin -- user-token`.
      LOCAL_USER_ISSUER_KEY: JSON.stringify(issuerKey),
      STAGE: 'local',
      // EMF metrics are for CloudWatch: not printed locally unless asked for (POWERTOOLS_METRICS_DISABLED=false).
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      // Payment request URLs open the local pay page.
      APP_BASE_URL: process.env.APP_BASE_URL ?? `http://127.0.0.1:${gatewayPort}`,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Local receivers (and the tests' receivers) listen on 127.0.0.1, which the webhook target guard refuses
      // otherwise.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? '1',
      // The company register of made-up companies shipped with the project (functions/businesses); a stack sets none.
      COMPANY_REGISTER: process.env.COMPANY_REGISTER ?? 'fixture',
      ...messaging.environment,
      ...inbox.environment,
    });
    const client = new DynamoDBClient({});
    log(`table ${TABLE_NAME}: ${await provisionTable(client, TABLE_NAME)}`);
    client.destroy();

    const seedFile = join(options.stateDir, 'seed.json');
    const previous =
      !options.inMemory && existsSync(seedFile) ? (JSON.parse(readFileSync(seedFile, 'utf8')) as Seed) : undefined;
    const seed = await ensureSeed(previous);
    if (!options.inMemory) writeFileSync(seedFile, JSON.stringify(seed, null, 2), { mode: 0o600 });

    const modules = options.bundles ? await fromBundles() : fromSources;
    started.push(startQueuePollers(messaging.queueUrls, REGION, modules));
    started.push(
      startStreamPollers(
        TABLE_NAME,
        dynamo.endpoint,
        REGION,
        modules,
        messaging.environment[STREAM_FAILURES.urlVariable],
      ),
    );
    started.push(startSchedule('functions/consumers/webhook-sweep', 15_000, modules));
    started.push(startSchedule('functions/consumers/promotion-sweep', 15_000, modules));
    started.push(startSchedule('functions/consumers/promotion-draws', 15_000, modules));
    if (options.settlementSchedule !== false)
      started.push(startSchedule('functions/consumers/settlements', 30_000, modules));
    started.push(startSchedule('functions/consumers/sales-channel-digests', 30_000, modules));
    const gateway: Gateway = await startGateway({ port: gatewayPort, modules });
    started.push(gateway);
    if (options.publish)
      started.push(
        writeRuntimeFile(options.stateDir, {
          url: gateway.url,
          inMemory: options.inMemory,
          dynamoDbEndpoint: dynamo.endpoint,
          tableName: TABLE_NAME,
          region: REGION,
          pid: process.pid,
          environment: {
            AWS_ENDPOINT_URL_SQS: messaging.endpoint,
            ...messaging.environment,
            ...inbox.environment,
            ...users,
          },
          userIssuerKey: issuerKey,
        }),
      );
    return { url: gateway.url, seed, dynamoDbEndpoint: dynamo.endpoint, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * What the admin command (`--target local`) finds in the state folder of a running `npm start`, in
 * memory or not: where its DynamoDB listens, its queues (`environment`), to which advancing a test
 * clock sends the timers and retries that fell due, and its user issuer, whose key signs `user-token`.
 */
export interface LocalRuntime {
  url: string;
  inMemory: boolean;
  dynamoDbEndpoint: string;
  tableName: string;
  region: string;
  pid: number;
  environment: Record<string, string>;
  userIssuerKey: IssuerKey;
}

const runtimeFile = (stateDir: string) => join(stateDir, 'runtime.json');

/** The platform published in the state folder, unless there is none or its process is gone (killed, crashed). */
export function readRuntime(stateDir: string): LocalRuntime | undefined {
  const file = runtimeFile(stateDir);
  if (!existsSync(file)) return undefined;
  const runtime = JSON.parse(readFileSync(file, 'utf8')) as LocalRuntime;
  return processAlive(runtime.pid) ? runtime : undefined;
}

/** One published platform per state folder, so the admin command cannot mistake one for another. */
function refuseSecondPlatform(stateDir: string): void {
  const running = readRuntime(stateDir);
  if (running)
    throw new Error(
      `a platform (pid ${running.pid}, ${running.url}) already runs with state in ${stateDir}: ` +
        'stop it, or set LOCAL_STATE_DIR to another folder for a second one',
    );
}

function writeRuntimeFile(stateDir: string, runtime: LocalRuntime): { stop(): Promise<void> } {
  const file = runtimeFile(stateDir);
  // It holds the user issuer's private key: created afresh (a stale file's mode would stay).
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(runtime, null, 2), { mode: 0o600 });
  return { stop: async () => rmSync(file, { force: true }) };
}

/** The webhook signing key set of a state folder; `npm run admin -- rotate-signing-key` rewrites it. */
export const signingKeysFile = (stateDir: string) => join(stateDir, 'webhook-signing-keys.json');

/** Like a local secret: a first key made once per state folder (or per run in memory), read at start. */
async function localSigningKeys(options: PlatformOptions): Promise<string> {
  if (options.inMemory) return JSON.stringify(await rotate({ keys: [] }, new Date()));
  const file = signingKeysFile(options.stateDir);
  if (!existsSync(file))
    writeFileSync(file, JSON.stringify(await rotate({ keys: [] }, new Date()), null, 2), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

/** A secret generated once per state folder (or per run in memory) and reused after. */
function localSecret(options: PlatformOptions, name: string): string {
  if (options.inMemory) return randomBytes(32).toString('base64url');
  const file = join(options.stateDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
