/**
 * The admin command: accounts and API keys (including platform-operator keys, which no endpoint
 * can create) straight in the table of the local platform, of an explicit endpoint, or deployed.
 *
 *   npm run admin -- <command> [flags] [--json]
 *   targets: --target local (default: the running `npm start`, in memory or not) | --target aws --table NAME
 *            [--region R] (the replay of stream failures takes no table) | --endpoint URL --table NAME
 *   webhook signing keys live in a file (local) or a secret (aws), not the table.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { ROLES, type Role } from '../functions/core/auth/permissions';
import { STREAM_CONSUMERS, STREAM_FAILURES } from '../functions/core/infrastructure';
import { isIdOf } from '../functions/core/ids';
import { NOTIFICATION_TYPES, type NotificationType } from '../functions/core/webhooks/notification-types';
import {
  PUBLISH_BEFORE_SIGNING_MS,
  publicJwksOf,
  retire,
  rotate,
  signerOf,
} from '../functions/core/webhooks/signing-keys';
import { readInbox } from './admin/inbox';
import type { ReplayOptions } from './admin/replay-stream-failures';
import { fileStore, secretStore, type SigningKeyStore } from './admin/signing-key-store';
import { type LocalRuntime, readRuntime, signingKeysFile } from './local/platform';
import type { IssuerKey } from './local/user-issuer';

const USAGE = `usage: npm run admin -- <command> [flags] [target] [--json]    (no command or --help: this usage)
commands:
  create-account     --name N --type org|individual [--region NZ|AU|US] [--test] [--parent ACCOUNT_ID]
  create-key         --account ID --name NAME --role ROLE          an API key of the account
  create-operator    --name N                                      an org account with a platform-operator key
  create-user        --email E --name "Given Family" [--phone +64...] [--user-id SUB]   a user and their account
  user-token         --user-id ID [--seconds N] [--keys-file PATH --issuer URL]   a token of the local user issuer
  list-keys          --account ID
  disable-key        --account ID --name NAME
  enable-key         --account ID --name NAME
  add-webhook        --account ID --url U --types t1,t2             an account's webhook endpoint (types below)
  list-webhooks      --account ID
  listen             --account ID --forward-to URL [--types t1,t2] [--port P]   forward deliveries (local only)
  trigger            <type> --account ID [--for ID]   make the platform send a webhook event of a test account
  advance-clock      [--account ID] --seconds N   a test account's clock, or the whole local platform's
  clock              [--account ID]               the account's (or the local platform's) clock
  rotate-signing-key                              add a webhook signing key that signs from now on
  retire-signing-key --kid K                      stop publishing a key (tokens it signed no longer verify)
  inbox              [--to ADDRESS]               emails and text messages the local platform sent, newest first
  suppress           --to ADDRESS [--reason bounce|complaint|operator]   never email this address again
  migrate-wallet-listing                          move wallets stored before their listing entry was keys only
                     (version 1, on GSI1) to GSI3; safe to run again and beside live traffic
  migrate-integration-queue                       put pending integration requests stored before the queue
                     (version 1) in it, for the operator's search; safe to run again and beside live traffic
  replay-stream-failures [--queue-url URL] [--limit N]   run stream consumers again on the batches parked in the
                     stream-failures queue (on AWS --queue-url is the stack's stream-failures queue, and no
                     --table: the deployed consumers are invoked)
notes:
  roles: ${ROLES.join(', ')}
  create-user: --phone marks the phone verified (a trusted user); --user-id takes a Cognito user's sub (AWS)
  types: ${NOTIFICATION_TYPES.join(',')}
targets:
  --target local (default)            the running \`npm start\`, in memory or not, found in its state folder:
                                      --state-dir DIR, else LOCAL_STATE_DIR, else .local/ (its runtime.json)
  --target aws --table NAME [--region R]   a deployed table, with the default AWS credentials (--table: every
                                      command but replay-stream-failures)
  --endpoint URL --table NAME         any DynamoDB endpoint (user-token then needs --keys-file and --issuer;
                                      listen and trigger need --api URL, the platform's HTTP address)
signing key targets:
  --target local (default) [--keys-file PATH]   the state folder's webhook-signing-keys.json unless PATH
  --target aws --secret-arn ARN [--region R]    the deployed WebhookSigningKeys secret`;

class UsageError extends Error {}

const ADMIN = 'crn::service:admin-cli';

/** As `npm start` chooses it, so the same LOCAL_STATE_DIR finds the same platform. */
const stateDirOf = (values: Record<string, string | boolean | undefined>) =>
  resolve(
    (values['state-dir'] as string | undefined) ?? process.env.LOCAL_STATE_DIR ?? join(__dirname, '..', '.local'),
  );

/**
 * Commands that leave the table alone on AWS: the replay invokes the deployed consumers, which know their table
 * (with --endpoint it runs their code here, against the named table).
 */
const TABLELESS_ON_AWS = new Set(['replay-stream-failures']);

/** Points the stores at the target; the local platform's runtime, when that is the target. */
function configureTarget(
  command: string,
  values: Record<string, string | boolean | undefined>,
): LocalRuntime | undefined {
  const target = (values.target as string | undefined) ?? (values.endpoint ? 'endpoint' : 'local');
  let runtime: LocalRuntime | undefined;
  if (target === 'local') {
    const stateDir = stateDirOf(values);
    runtime = readRuntime(stateDir);
    if (!runtime)
      throw new Error(
        `no local platform is running with state in ${stateDir} (start it with \`npm start\`; ` +
          'for another state folder pass --state-dir or set LOCAL_STATE_DIR), or pass --endpoint/--target aws',
      );
    Object.assign(process.env, {
      // Its queues: advancing a clock sends what fell due.
      ...runtime.environment,
      AWS_ENDPOINT_URL_DYNAMODB: runtime.dynamoDbEndpoint,
      TABLE_NAME: runtime.tableName,
      AWS_REGION: runtime.region,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    });
  } else {
    if (values.table) process.env.TABLE_NAME = values.table as string;
    else if (!(target === 'aws' && TABLELESS_ON_AWS.has(command)))
      throw new UsageError(`--table is required for ${command} with --target aws or --endpoint`);
    if (values.region) process.env.AWS_REGION = values.region as string;
    if (target === 'endpoint' || values.endpoint) {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = values.endpoint as string;
      process.env.AWS_REGION ??= 'us-east-1';
      process.env.AWS_ACCESS_KEY_ID ??= 'local';
      process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    } else if (target !== 'aws') {
      throw new UsageError(`unknown --target ${target}`);
    }
  }
  // A local table (npm start, the tests): its clocks may move platform-wide (core/clock.ts); never on AWS.
  if (target !== 'aws') process.env.LOCAL_TEST_CLOCK = '1';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  return runtime;
}

function required(values: Record<string, unknown>, ...names: string[]): void {
  for (const name of names)
    if (typeof values[name] !== 'string' || !values[name]) throw new UsageError(`--${name} is required`);
}

const COMMANDS = [
  'create-account',
  'create-key',
  'create-operator',
  'create-user',
  'user-token',
  'list-keys',
  'disable-key',
  'enable-key',
  'add-webhook',
  'list-webhooks',
  'listen',
  'trigger',
  'advance-clock',
  'clock',
  'inbox',
  'suppress',
  'migrate-wallet-listing',
  'migrate-integration-queue',
  'replay-stream-failures',
];

/** The platform's HTTP address: the running local platform's, or --api with an explicit endpoint. */
function apiUrlOf(values: Record<string, string | boolean | undefined>, runtime: LocalRuntime | undefined): string {
  const url = (values.api as string | undefined) ?? runtime?.url;
  if (!url) throw new UsageError("--api URL (the platform's HTTP address) is required with --endpoint");
  if (!/^https?:\/\/[^\s]{1,200}$/.test(url)) throw new UsageError('--api must be an http(s) URL');
  return url.replace(/\/+$/, '');
}

async function run(
  command: string,
  values: Record<string, string | boolean | undefined>,
  runtime: LocalRuntime | undefined,
  positionals: string[],
): Promise<unknown> {
  // Imported after the target is configured: the stores read TABLE_NAME and endpoints on first use.
  const { insertAccount, findAccount, issueApiKey, queryApiKeys, setApiKeyEnabled, createUser, findUser } =
    await import('../functions/accounts');
  const now = new Date();
  const existing = async (id: string) => {
    if (!(await findAccount(id))) throw new Error(`no account ${id}`);
  };
  switch (command) {
    case 'inbox':
      if (!runtime) throw new UsageError('inbox needs the local platform (--target local)');
      return readInbox(runtime, values.to as string | undefined);
    case 'suppress': {
      required(values, 'to');
      const reason = (values.reason as string | undefined) ?? 'operator';
      if (reason !== 'bounce' && reason !== 'complaint' && reason !== 'operator')
        throw new UsageError('--reason must be bounce, complaint or operator');
      const { suppressAddress } = await import('../functions/core/notifications/suppression');
      const entry: Parameters<typeof suppressAddress>[0] = {
        address: values.to as string,
        reason,
        detail: `recorded by ${ADMIN}`,
        suppressedAt: now.toISOString(),
      };
      await suppressAddress(entry);
      return entry;
    }
    case 'migrate-wallet-listing': {
      const { moveWalletListingEntries } = await import('../functions/wallet-assets');
      return moveWalletListingEntries();
    }
    case 'migrate-integration-queue': {
      const { queuePendingIntegrationRequests } = await import('../functions/integration-requests');
      return queuePendingIntegrationRequests();
    }
    case 'replay-stream-failures':
      return replayParkedBatches(values);
    case 'create-account': {
      required(values, 'name', 'type');
      const type = values.type as 'org' | 'individual';
      if (type !== 'org' && type !== 'individual') throw new UsageError('--type must be org or individual');
      if (type === 'org' && !values.region) throw new UsageError('--region is required for org accounts');
      if (values.parent) await existing(values.parent as string);
      return insertAccount(
        {
          name: values.name as string,
          type,
          region: values.region as 'NZ' | 'AU' | 'US' | undefined,
          test: values.test === true,
          parentAccountId: values.parent as string | undefined,
        },
        ADMIN,
        now,
      );
    }
    case 'create-key': {
      required(values, 'account', 'name', 'role');
      if (!(ROLES as readonly string[]).includes(values.role as string))
        throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(values.name as string))
        throw new UsageError('--name must be 1-64 letters, digits, _ or -');
      await existing(values.account as string);
      return issueApiKey(
        { accountId: values.account as string, name: values.name as string, role: values.role as Role },
        ADMIN,
        now,
      );
    }
    case 'create-operator': {
      required(values, 'name');
      const account = await insertAccount({ name: values.name as string, type: 'org', region: 'NZ' }, ADMIN, now);
      const key = await issueApiKey({ accountId: account.id, name: 'operator', role: 'platform-operator' }, ADMIN, now);
      return { account, key };
    }
    case 'create-user': {
      required(values, 'email', 'name');
      if (!/^[^\s@]+@[^\s@]+$/.test(values.email as string)) throw new UsageError('--email must be an email address');
      if (values['user-id'] !== undefined && !isIdOf('userId', values['user-id'] as string))
        throw new UsageError('--user-id must be 1-64 letters, digits, _ or -');
      const [givenName, ...family] = (values.name as string).trim().split(/\s+/);
      const { user, account } = await createUser(
        {
          email: values.email as string,
          givenName,
          familyName: family.join(' ') || undefined,
          phoneNumber: values.phone as string | undefined,
          id: values['user-id'] as string | undefined,
        },
        ADMIN,
        now,
      );
      return { userId: user.id, email: user.email, individualAccountId: account.id };
    }
    case 'user-token': {
      required(values, 'user-id');
      if (values.target === 'aws')
        throw new UsageError(
          "user-token signs with the local platform's issuer; on AWS users sign in to the Cognito user pool",
        );
      const issuer = (values.issuer as string | undefined) ?? process.env.USER_POOL_ISSUER;
      if (!issuer) throw new UsageError('--issuer is required unless the local platform is running');
      const keysFile = values['keys-file'] as string | undefined;
      // An in-memory platform's key is on disk nowhere but its runtime file.
      const key = keysFile ? (JSON.parse(readFileSync(keysFile, 'utf8')) as IssuerKey) : runtime?.userIssuerKey;
      if (!key) throw new UsageError('--keys-file is required unless the local platform is running');
      if (!(await findUser(values['user-id'] as string))) throw new Error(`no user ${values['user-id'] as string}`);
      const { LOCAL_USER_CLIENT_ID, signUserToken } = await import('./local/user-issuer');
      const seconds = values.seconds ? positiveSeconds(values.seconds) : undefined;
      const accessToken = await signUserToken(key, values['user-id'] as string, {
        issuer,
        clientId: process.env.USER_POOL_CLIENT_ID ?? LOCAL_USER_CLIENT_ID,
        expiresInSeconds: seconds,
      });
      return { accessToken, tokenType: 'Bearer' };
    }
    case 'list-keys':
      required(values, 'account');
      await existing(values.account as string);
      return queryApiKeys(values.account as string);
    case 'disable-key':
    case 'enable-key':
      required(values, 'account', 'name');
      return setApiKeyEnabled(values.account as string, values.name as string, command === 'enable-key', ADMIN, now);
    case 'add-webhook': {
      required(values, 'account', 'url', 'types');
      const types = notificationTypes(values.types as string);
      await existing(values.account as string);
      const { addWebhook } = await import('../functions/webhooks');
      return addWebhook({ accountId: values.account as string, url: values.url as string, types }, ADMIN, now);
    }
    case 'list-webhooks': {
      required(values, 'account');
      await existing(values.account as string);
      const { queryWebhooks } = await import('../functions/webhooks');
      return queryWebhooks(values.account as string);
    }
    case 'listen': {
      required(values, 'account', 'forward-to');
      if (values.target === 'aws')
        throw new UsageError('listen needs the local platform: its deliveries must reach this machine');
      const forwardTo = values['forward-to'] as string;
      if (!/^https?:\/\//.test(forwardTo)) throw new UsageError('--forward-to must be an http(s) URL');
      const types = values.types ? notificationTypes(values.types as string) : [...NOTIFICATION_TYPES];
      await existing(values.account as string);
      // The temporary endpoint is this machine's 127.0.0.1, as the local platform allows.
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
      const { addWebhook, removeWebhook } = await import('../functions/webhooks');
      const { listen } = await import('./admin/listen');
      const accountId = values.account as string;
      return listen({
        accountId,
        forwardTo,
        jwksUrl: `${apiUrlOf(values, runtime)}/api/.well-known/jwks.json`,
        types,
        port: values.port ? Number(values.port) : undefined,
        json: values.json === true,
        subscribe: (url) => addWebhook({ accountId, url, types }, 'crn::service:admin-listen', new Date()),
        unsubscribe: (webhookId) => removeWebhook(accountId, webhookId),
      });
    }
    case 'trigger': {
      const type = eventTypeToTrigger(positionals);
      required(values, 'account');
      if (values.for !== undefined && !isIdOf('id', values.for as string))
        throw new UsageError('--for must be the id of a payment request or an asset transfer');
      const apiUrl = apiUrlOf(values, runtime);
      const account = await findAccount(values.account as string);
      if (!account) throw new Error(`no account ${values.account as string}`);
      // It moves test money and the account's clock: never a live account's.
      if (!account.test) throw new Error(`account ${account.id} is not a test account`);
      const { advanceAccountClock } = await import('../functions/accounts');
      const { trigger } = await import('./admin/trigger');
      // A key of its own for the calls, disabled once they are made.
      const keyName = `admin-trigger-${Date.now().toString(36)}`;
      const key = await issueApiKey({ accountId: account.id, name: keyName, role: 'account-owner' }, ADMIN, now);
      try {
        return await trigger({
          type,
          apiUrl,
          accountId: account.id,
          apiKey: key.secret,
          forId: values.for as string | undefined,
          advanceClock: (seconds) => advanceAccountClock(account, seconds),
        });
      } finally {
        // Refused only when it is the account's last owner key, which the platform never disables; its
        // secret was never shown, so it opens nothing.
        await setApiKeyEnabled(account.id, keyName, false, ADMIN, new Date()).catch(() => undefined);
      }
    }
    case 'clock':
    case 'advance-clock': {
      const seconds = command === 'advance-clock' ? positiveSeconds(values.seconds) : 0;
      const { accountNow } = await import('../functions/core/clock');
      if (values.account) {
        const account = await findAccount(values.account as string);
        if (!account) throw new Error(`no account ${values.account as string}`);
        const { advanceAccountClock, readAccountClock } = await import('../functions/accounts');
        return seconds ? advanceAccountClock(account, seconds) : readAccountClock(account);
      }
      if (values.target === 'aws')
        throw new UsageError("the platform-wide clock is the local platform's only; pass --account for a test account");
      const { advancePlatformOffset, platformOffsetSeconds } = await import(
        '../functions/core/test-clock/platform-clock'
      );
      if (!seconds)
        return { platformOffsetSeconds: await platformOffsetSeconds(), now: (await accountNow()).toISOString() };
      const { offsetSeconds } = await advancePlatformOffset(seconds, new Date());
      const { PLATFORM_CLOCK, ringAllDueAlarms } = await import('../functions/core/test-clock/alarms');
      // Every clock moved with the platform's: each alarm is judged on its own account's clock.
      const ranDue = await ringAllDueAlarms(async (clock) =>
        accountNow(clock === PLATFORM_CLOCK ? undefined : await findAccount(clock)),
      );
      return { platformOffsetSeconds: offsetSeconds, now: (await accountNow()).toISOString(), ranDue };
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/**
 * Replays the stream-failures queue: on AWS the failed function itself is invoked with the records (its consumer
 * known by its CloudFormation logical id), locally (or with --endpoint) the consumer's code runs in this process
 * against the target's table and queues.
 */
async function replayParkedBatches(values: Record<string, string | boolean | undefined>) {
  const queueUrl = (values['queue-url'] as string | undefined) ?? process.env[STREAM_FAILURES.urlVariable];
  if (!queueUrl) throw new UsageError('--queue-url (the stream-failures queue) is required unless the target is local');
  if (!/^https?:\/\/[^\s]{1,300}$/.test(queueUrl)) throw new UsageError('--queue-url must be an http(s) URL');
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new UsageError('--limit must be a whole number from 1 to 10000');
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  const { DynamoDBStreamsClient } = await import('@aws-sdk/client-dynamodb-streams');
  const { replayStreamFailures } = await import('./admin/replay-stream-failures');
  const onAws = values.target === 'aws';
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  // The streams client reads no DynamoDB endpoint variable of its own: a local stream is the table's endpoint's.
  const streams = new DynamoDBStreamsClient({ endpoint: onAws ? undefined : process.env.AWS_ENDPOINT_URL_DYNAMODB });
  try {
    const consumers = onAws ? await lambdaConsumers() : localConsumers();
    return await replayStreamFailures({ sqs, streams, queueUrl, limit, ...consumers });
  } finally {
    sqs.destroy();
    streams.destroy();
  }
}

type ConsumerRunner = Pick<ReplayOptions, 'consumerOf' | 'run'>;

/** The consumers' code in this process, each named in a parked batch as the local stream poller names it. */
function localConsumers(): ConsumerRunner {
  return {
    consumerOf: async (functionArn) =>
      STREAM_CONSUMERS.find((c) => functionArn.split(':')[6] === `consumer-${c.consumer}`),
    run: async (definition, _functionArn, event) => {
      const { fromSources, handlerOf } = await import('./local/bundles');
      const handler = handlerOf<(e: typeof event) => Promise<DynamoDBBatchResponse | undefined>>(
        fromSources,
        `functions/consumers/${definition.consumer}`,
      );
      return handler(event);
    },
  };
}

/** The deployed functions: the stack's consumer functions carry their construct's name in their logical id. */
async function lambdaConsumers(): Promise<ConsumerRunner> {
  const { InvokeCommand, LambdaClient, ListTagsCommand } = await import('@aws-sdk/client-lambda');
  const lambda = new LambdaClient({});
  return {
    consumerOf: async (functionArn) => {
      // Tags are the function's, not a version's: the ARN without a qualifier.
      const resource = functionArn.split(':').slice(0, 7).join(':');
      const { Tags = {} } = await lambda.send(new ListTagsCommand({ Resource: resource }));
      const logicalId = Tags['aws:cloudformation:logical-id'] ?? '';
      return STREAM_CONSUMERS.find((c) =>
        new RegExp(`consumer${c.consumer.replace(/[^A-Za-z0-9]/g, '')}[0-9A-F]{8}$`).test(logicalId),
      );
    },
    run: async (_definition, functionArn, event) => {
      const out = await lambda.send(new InvokeCommand({ FunctionName: functionArn, Payload: JSON.stringify(event) }));
      const payload = out.Payload ? Buffer.from(out.Payload).toString('utf8') : '';
      if (out.FunctionError) throw new Error(`${functionArn}: ${out.FunctionError} ${payload.slice(0, 500)}`);
      return payload ? ((JSON.parse(payload) as DynamoDBBatchResponse | null) ?? undefined) : undefined;
    },
  };
}

/** `trigger`'s event type, checked before the target so that a mistyped one needs no running platform. */
function eventTypeToTrigger(positionals: string[]): NotificationType {
  const type = positionals[1];
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type ?? ''))
    throw new UsageError(
      `trigger: ${type === undefined ? 'no event type' : `unknown event type ${type}`}; ` +
        `one of ${NOTIFICATION_TYPES.join(', ')}`,
    );
  return type as NotificationType;
}

function notificationTypes(list: string): NotificationType[] {
  const types = list.split(',').map((type) => type.trim());
  const unknown = types.find((type) => !(NOTIFICATION_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined)
    throw new UsageError(`--types: unknown type ${unknown}; one or more of ${NOTIFICATION_TYPES.join(', ')}`);
  return [...new Set(types)] as NotificationType[];
}

function positiveSeconds(value: unknown): number {
  const seconds = Number(value);
  // As the endpoint: 1 s to 10 years a call.
  if (typeof value !== 'string' || !Number.isInteger(seconds) || seconds < 1 || seconds > 10 * 366 * 24 * 3600) {
    throw new UsageError('--seconds must be a whole number of seconds, from 1 to 10 years');
  }
  return seconds;
}

const SIGNING_KEY_COMMANDS = ['rotate-signing-key', 'retire-signing-key'];

function signingKeyStore(values: Record<string, string | boolean | undefined>): SigningKeyStore {
  const target = (values.target as string | undefined) ?? 'local';
  if (target === 'local') {
    if (values['keys-file']) return fileStore(values['keys-file'] as string);
    const stateDir = stateDirOf(values);
    if (readRuntime(stateDir)?.inMemory)
      throw new Error(
        `the platform running with state in ${stateDir} is in memory: its signing keys are made per run ` +
          'and live nowhere to rotate; restart it without --in-memory',
      );
    return fileStore(signingKeysFile(stateDir));
  }
  if (target !== 'aws') throw new UsageError('signing key commands take --target local or --target aws');
  required(values, 'secret-arn');
  return secretStore(values['secret-arn'] as string, values.region as string | undefined);
}

/** Rewrites the key set and shows what receivers will see: the public JWKS and the signer. */
async function runSigningKeyCommand(
  command: string,
  values: Record<string, string | boolean | undefined>,
): Promise<unknown> {
  if (command === 'retire-signing-key') required(values, 'kid');
  const store = signingKeyStore(values);
  const now = new Date();
  const before = await store.read();
  const after =
    command === 'rotate-signing-key' ? await rotate(before, now) : retire(before, values.kid as string, now);
  await store.write(after);
  // A rotated key is published now and signs once cached JWKS documents can hold it.
  const signer = signerOf(after, now)?.kid;
  const signsFrom = new Date(now.getTime() + PUBLISH_BEFORE_SIGNING_MS);
  const nextSigner = signerOf(after, signsFrom)?.kid;
  const next = nextSigner !== signer ? { nextSigner, signsFrom: signsFrom.toISOString() } : {};
  return { signer, ...next, jwks: publicJwksOf(after), note: store.takesEffect };
}

const parseCommandLine = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      target: { type: 'string' },
      table: { type: 'string' },
      region: { type: 'string' },
      endpoint: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      test: { type: 'boolean' },
      parent: { type: 'string' },
      account: { type: 'string' },
      role: { type: 'string' },
      url: { type: 'string' },
      types: { type: 'string' },
      'forward-to': { type: 'string' },
      api: { type: 'string' },
      for: { type: 'string' },
      port: { type: 'string' },
      seconds: { type: 'string' },
      kid: { type: 'string' },
      'keys-file': { type: 'string' },
      'secret-arn': { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      'user-id': { type: 'string' },
      issuer: { type: 'string' },
      'state-dir': { type: 'string' },
      'queue-url': { type: 'string' },
      limit: { type: 'string' },
      to: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  const command = positionals[0];
  if (command === undefined || command === 'help' || values.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    let result: unknown;
    if (SIGNING_KEY_COMMANDS.includes(command)) {
      result = await runSigningKeyCommand(command, values);
    } else {
      // Before the target: a mistyped command needs no running platform to be told so.
      if (!COMMANDS.includes(command)) throw new UsageError(`unknown command ${command}`);
      if (command === 'trigger') eventTypeToTrigger(positionals);
      result = await run(command, values, configureTarget(command, values), positionals);
    }
    console.log(json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      console.error(`${message}\n${USAGE}`);
      return 2;
    }
    if (json) console.log(JSON.stringify({ error: message }));
    console.error(`admin: ${message}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
