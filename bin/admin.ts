/**
 * The admin command: accounts and API keys (including platform-operator keys, which no endpoint
 * can create) straight in the table of the local platform, of an explicit endpoint, or deployed.
 *
 *   npm run admin -- <command> [flags] [--json]
 *   targets: --target local (default: the running `npm start`) | --target aws --table NAME [--region R]
 *            | --endpoint URL --table NAME
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../functions/core/auth/permissions';
import { runtimeFile } from './local/platform';

const USAGE = `usage: npm run admin -- <command> [flags] [--json]
commands:
  create-account --name N --type org|individual [--region NZ|AU|US] [--test] [--parent ACCOUNT_ID]
  create-key     --account ID --name NAME --role ${ROLES.join('|')}
  create-operator --name N            (an org account with a platform-operator key)
  list-keys      --account ID
  disable-key    --account ID --name NAME
  enable-key     --account ID --name NAME
targets:
  --target local (default)            the running local platform (.local/runtime.json)
  --target aws --table NAME [--region R]   a deployed table, with the default AWS credentials
  --endpoint URL --table NAME         any DynamoDB endpoint`;

class UsageError extends Error {}

const ADMIN = 'crn::service:admin-cli';

function configureTarget(values: Record<string, string | boolean | undefined>): void {
  const target = (values.target as string | undefined) ?? (values.endpoint ? 'endpoint' : 'local');
  if (target === 'local') {
    const file = runtimeFile(join(__dirname, '..', '.local'));
    if (!existsSync(file)) throw new Error('the local platform is not running (start it with `npm start`), or pass --endpoint/--target aws');
    const runtime = JSON.parse(readFileSync(file, 'utf8')) as { dynamoDbEndpoint: string; tableName: string; region: string };
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: runtime.dynamoDbEndpoint,
      TABLE_NAME: runtime.tableName,
      AWS_REGION: runtime.region,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    });
  } else {
    if (!values.table) throw new UsageError('--table is required with --target aws or --endpoint');
    process.env.TABLE_NAME = values.table as string;
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
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}

function required(values: Record<string, unknown>, ...names: string[]): void {
  for (const name of names) if (typeof values[name] !== 'string' || !values[name]) throw new UsageError(`--${name} is required`);
}

async function run(command: string, values: Record<string, string | boolean | undefined>): Promise<unknown> {
  // Imported after the target is configured: the stores read TABLE_NAME and endpoints on first use.
  const { insertAccount, findAccount } = await import('../functions/accounts/account-store');
  const { issueApiKey, listApiKeys, setApiKeyEnabled } = await import('../functions/accounts/api-key-store');
  const now = new Date();
  const existing = async (id: string) => {
    if (!(await findAccount(id))) throw new Error(`no account ${id}`);
  };
  switch (command) {
    case 'create-account': {
      required(values, 'name', 'type');
      const type = values.type as 'org' | 'individual';
      if (type !== 'org' && type !== 'individual') throw new UsageError('--type must be org or individual');
      if (type === 'org' && !values.region) throw new UsageError('--region is required for org accounts');
      if (values.parent) await existing(values.parent as string);
      return insertAccount(
        { name: values.name as string, type, region: values.region as 'NZ' | 'AU' | 'US' | undefined, test: values.test === true, parentAccountId: values.parent as string | undefined },
        ADMIN,
        now,
      );
    }
    case 'create-key': {
      required(values, 'account', 'name', 'role');
      if (!(ROLES as readonly string[]).includes(values.role as string)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(values.name as string)) throw new UsageError('--name must be 1-64 letters, digits, _ or -');
      await existing(values.account as string);
      return issueApiKey({ accountId: values.account as string, name: values.name as string, role: values.role as Role }, ADMIN, now);
    }
    case 'create-operator': {
      required(values, 'name');
      const account = await insertAccount({ name: values.name as string, type: 'org', region: 'NZ' }, ADMIN, now);
      const key = await issueApiKey({ accountId: account.id, name: 'operator', role: 'platform-operator' }, ADMIN, now);
      return { account, key };
    }
    case 'list-keys':
      required(values, 'account');
      await existing(values.account as string);
      return listApiKeys(values.account as string);
    case 'disable-key':
    case 'enable-key':
      required(values, 'account', 'name');
      return setApiKeyEnabled(values.account as string, values.name as string, command === 'enable-key', ADMIN, now);
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        json: { type: 'boolean' }, target: { type: 'string' }, table: { type: 'string' }, region: { type: 'string' }, endpoint: { type: 'string' },
        name: { type: 'string' }, type: { type: 'string' }, test: { type: 'boolean' }, parent: { type: 'string' },
        account: { type: 'string' }, role: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  try {
    configureTarget(values);
    const result = await run(positionals[0] ?? '', values);
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
