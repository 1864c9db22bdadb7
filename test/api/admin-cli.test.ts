import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../bin/local/free-port';
import { untilListening } from '../support/local-platform';
import { API_KEY_CACHE_TTL_MS } from '../../functions/core/auth/authenticate';
import { api, FORBIDDEN, type Json } from '../support/api';

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

/** Runs `bin/admin.ts` against the test platform's DynamoDB Local, as an operator would. */
const admin = (...args: string[]) =>
  runAdmin(...args, '--endpoint', process.env.AWS_ENDPOINT_URL_DYNAMODB!, '--table', process.env.TABLE_NAME!, '--json');

async function runAdmin(...args: string[]): Promise<{ code: number; out: Json; stderr: string }> {
  const { code, stdout, stderr } = await runAdminIn(process.env, ...args);
  return { code, out: stdout ? JSON.parse(stdout) : undefined, stderr };
}

/** `npm run admin` in the given environment, its output as printed. */
async function runAdminIn(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'bin', 'admin.ts'), ...args],
      { cwd: ROOT, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin command', () => {
  it('creates an account and a key that work over HTTP, and disables the key', async () => {
    const account = await admin('create-account', '--name', 'Admin made', '--type', 'org', '--region', 'NZ', '--test');
    expect(account.code).toBe(0);
    expect(account.out).toMatchObject({
      name: 'Admin made',
      type: 'org',
      test: true,
      createdBy: 'crn::service:admin-cli',
    });
    const key = await admin('create-key', '--account', account.out.id, '--name', 'owner', '--role', 'account-owner');
    expect(key.code).toBe(0);
    const read = await api('GET', `/api/accounts/${account.out.id}`, { key: key.out.secret });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(account.out.id);

    const listed = await admin('list-keys', '--account', account.out.id);
    expect(listed.out.map((k: { name: string }) => k.name)).toEqual(['owner']);
    expect(JSON.stringify(listed.out)).not.toContain(key.out.secret);

    // The last enabled owner key cannot be disabled (the account would be locked out): add another first.
    expect((await admin('disable-key', '--account', account.out.id, '--name', 'owner')).code).not.toBe(0);
    expect(
      (await admin('create-key', '--account', account.out.id, '--name', 'backup', '--role', 'account-owner')).code,
    ).toBe(0);
    expect((await admin('disable-key', '--account', account.out.id, '--name', 'owner')).out.enabled).toBe(false);
    // Written straight to the table, so the platform's instance that verified the key keeps it for up
    // to API_KEY_CACHE_TTL_MS (docs/api/conventions.md, Authentication): the key stops working within that, not at
    // once.
    const disabledAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - disabledAt < API_KEY_CACHE_TTL_MS + 5_000) {
      status = (await api('GET', `/api/accounts/${account.out.id}`, { key: key.out.secret })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(status).toBe(401);
    expect(Date.now() - disabledAt).toBeLessThanOrEqual(API_KEY_CACHE_TTL_MS + 5_000);
  }, 75_000);

  it('creates a platform operator that can act on any account', async () => {
    const operator = await admin('create-operator', '--name', 'Ops');
    expect(operator.code).toBe(0);
    expect(operator.out.key.role).toBe('platform-operator');
    const other = await admin('create-account', '--name', 'Someone', '--type', 'individual');
    const read = await api('GET', `/api/accounts/${other.out.id}`, { key: operator.out.key.secret });
    expect(read.status).toBe(200);
    const ownerKey = await admin('create-key', '--account', other.out.id, '--name', 'k', '--role', 'account-owner');
    expect((await api('GET', `/api/accounts/${operator.out.account.id}`, { key: ownerKey.out.secret })).body).toEqual(
      FORBIDDEN,
    );
  }, 120_000);

  it('exits 2 with usage on bad input and 1 with a JSON error when the account does not exist', async () => {
    const usage = await admin('create-key', '--account', 'x', '--name', 'n', '--role', 'god');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--role must be one of/);
    const missing = await admin('create-key', '--account', 'noSuchAccount', '--name', 'n', '--role', 'cashier');
    expect(missing.code).toBe(1);
    expect(missing.out).toEqual({ error: 'no account noSuchAccount' });
  }, 120_000);
});

describe('admin command: webhook signing keys (local file)', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'signing-keys-')), 'webhook-signing-keys.json');
  const keys = (command: string, ...args: string[]) =>
    runAdmin(command, '--target', 'local', '--keys-file', file, ...args, '--json');
  const kids = (out: { jwks: { keys: { kid: string }[] } }) => out.jwks.keys.map((k) => k.kid);

  it('creates the first key, rotates, and retires the old key', async () => {
    const first = await keys('rotate-signing-key');
    expect(first.code).toBe(0);
    expect(first.out.signer).toMatch(/^\d{8}-[0-9a-f]{8}$/);
    expect(kids(first.out)).toEqual([first.out.signer]);
    expect(first.out.note).toMatch(/picks it up on restart/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(first.out)).not.toMatch(/"d"/);

    // The rotated key is published at once; the old key signs until cached JWKS documents hold the new one.
    const second = await keys('rotate-signing-key');
    expect(second.out.signer).toBe(first.out.signer);
    expect(second.out.nextSigner).toMatch(/^\d{8}-[0-9a-f]{8}$/);
    expect(second.out.nextSigner).not.toBe(first.out.signer);
    expect(Date.parse(second.out.signsFrom) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(kids(second.out)).toEqual([first.out.signer, second.out.nextSigner]);

    const retired = await keys('retire-signing-key', '--kid', first.out.signer);
    expect(retired.code).toBe(0);
    expect(retired.out.signer).toBe(second.out.nextSigner);
    expect(kids(retired.out)).toEqual([second.out.nextSigner]);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { keys: { kid: string; retiredAt?: string }[] };
    expect(stored.keys.map((k) => [k.kid, Boolean(k.retiredAt)])).toEqual([
      [first.out.signer, true],
      [second.out.nextSigner, false],
    ]);
  }, 120_000);

  it('refuses to retire the only active key and needs --kid', async () => {
    const only = await keys('retire-signing-key', '--kid', JSON.parse(readFileSync(file, 'utf8')).keys[1].kid);
    expect(only.code).toBe(1);
    expect(only.out.error).toMatch(/only active key/);
    const usage = await keys('retire-signing-key');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--kid is required/);
  }, 120_000);
});

describe('admin command: webhooks', () => {
  it('registers a webhook endpoint the account then sees over HTTP, and lists them', async () => {
    const account = await admin('create-account', '--name', 'Hooked', '--type', 'org', '--region', 'NZ', '--test');
    const key = await admin('create-key', '--account', account.out.id, '--name', 'owner', '--role', 'account-owner');
    const added = await admin(
      'add-webhook',
      '--account',
      account.out.id,
      '--url',
      'https://hooks.example.com/in',
      '--types',
      'payment-request:paid,payment-request:refund-completed',
    );
    expect(added.code).toBe(0);
    expect(added.out).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      accountId: account.out.id,
      url: 'https://hooks.example.com/in',
      types: ['payment-request:paid', 'payment-request:refund-completed'],
      createdBy: 'crn::service:admin-cli',
    });
    expect((await admin('list-webhooks', '--account', account.out.id)).out).toEqual([added.out]);
    expect((await api('GET', `/api/accounts/${account.out.id}/webhooks`, { key: key.out.secret })).body).toEqual({
      items: [added.out],
    });
  }, 120_000);

  it('refuses unknown types (usage) and a URL the target guard refuses', async () => {
    const account = await admin('create-account', '--name', 'Hooked too', '--type', 'individual');
    const usage = await admin(
      'add-webhook',
      '--account',
      account.out.id,
      '--url',
      'https://hooks.example.com',
      '--types',
      'payment-request:voided',
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/unknown type payment-request:voided/);
    const refused = await admin(
      'add-webhook',
      '--account',
      account.out.id,
      '--url',
      'ftp://hooks.example.com',
      '--types',
      'payment-request:paid',
    );
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual({ error: 'url must use http or https' });
  }, 120_000);

  it('creates a user with their individual account and prints an access token that signs them in', async () => {
    const email = `admin-user-${Date.now()}@example.com`;
    const created = await admin('create-user', '--email', email, '--name', 'Ada Lovelace');
    expect(created.code).toBe(0);
    expect(created.out).toEqual({
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      individualAccountId: expect.any(String),
    });
    expect((await admin('create-user', '--email', email.toUpperCase(), '--name', 'Again')).code).not.toBe(0);
    const keysFile = join(mkdtempSync(join(tmpdir(), 'issuer-')), 'user-issuer-keys.json');
    writeFileSync(keysFile, process.env.LOCAL_USER_ISSUER_KEY!);
    const token = await admin(
      'user-token',
      '--user-id',
      created.out.userId,
      '--keys-file',
      keysFile,
      '--issuer',
      process.env.USER_POOL_ISSUER!,
    );
    expect(token.code).toBe(0);
    const mine = await api('GET', '/api/account-memberships', { token: token.out.accessToken });
    expect(mine.body).toEqual([
      {
        accountName: 'Ada Lovelace',
        accountId: created.out.individualAccountId,
        accountType: 'individual',
        role: 'account-owner',
      },
    ]);
  });
});

describe('admin command: usage', () => {
  const commands = [
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
    'advance-clock',
    'clock',
    'rotate-signing-key',
    'retire-signing-key',
  ];

  it('prints its usage, every command on one line, without arguments and with --help', async () => {
    for (const args of [[], ['--help']]) {
      const { code, stdout } = await runAdminIn(process.env, ...args);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: npm run admin -- <command>/);
      const lines = stdout.split('\n');
      for (const command of commands)
        expect(lines.filter((line) => line.startsWith(`  ${command} `)).map(() => command)).toEqual([command]);
    }
  }, 60_000);

  it('prints its usage and exits non-zero on an unknown command, with no platform to reach', async () => {
    const { code, stdout, stderr } = await runAdminIn(
      { ...process.env, LOCAL_STATE_DIR: mkdtempSync(join(tmpdir(), 'no-platform-')) },
      'create-acount',
    );
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^unknown command create-acount\nusage: npm run admin/);
  }, 60_000);
});

/**
 * `npm start`, as a newcomer runs it, in its own state folder and on its own port: its environment is
 * a shell's, none of the test platform's.
 */
async function startLocal(stateDir: string, ...args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', ...args], {
    cwd: ROOT,
    env: { ...shell(), PORT: String(port), LOCAL_STATE_DIR: stateDir, VALIDATORS_PREBUILT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilListening(child, 120_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

const shell = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME });

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('admin command: every local mode', () => {
  const inMemoryDir = mkdtempSync(join(tmpdir(), 'in-memory-state-'));
  const persistedDir = mkdtempSync(join(tmpdir(), 'persisted-state-'));
  const platforms: { child: ChildProcess; url: string }[] = [];

  beforeAll(async () => {
    platforms.push(...(await Promise.all([startLocal(inMemoryDir, '--in-memory'), startLocal(persistedDir)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(platforms.map(({ child }) => stop(child)));
    for (const dir of [inMemoryDir, persistedDir]) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A user made by admin on the platform of that state folder, and the token admin signs for them there. */
  async function userOf(env: NodeJS.ProcessEnv, ...stateDir: string[]) {
    const email = `local-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const created = await runAdminIn(env, 'create-user', '--email', email, '--name', 'Grace Hopper', ...stateDir);
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout) as { userId: string; individualAccountId: string };
    const token = await runAdminIn(env, 'user-token', '--user-id', user.userId, '--json', ...stateDir);
    expect(token).toMatchObject({ code: 0 });
    return { ...user, accessToken: (JSON.parse(token.stdout) as { accessToken: string }).accessToken };
  }

  it('reaches `npm start -- --in-memory` and a persisted platform in another folder, both running', async () => {
    const [inMemory, persisted] = platforms;
    // By LOCAL_STATE_DIR, as `npm start` was given it, and by --state-dir.
    const memoryUser = await userOf({ ...shell(), LOCAL_STATE_DIR: inMemoryDir });
    const persistedUser = await userOf(shell(), '--state-dir', persistedDir);
    for (const [platform, user] of [
      [inMemory, memoryUser],
      [persisted, persistedUser],
    ] as const) {
      const mine = await fetch(`${platform.url}/api/account-memberships`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(mine.status).toBe(200);
      expect(await mine.json()).toEqual([
        {
          accountName: 'Grace Hopper',
          accountId: user.individualAccountId,
          accountType: 'individual',
          role: 'account-owner',
        },
      ]);
    }
    // Each user is in their own platform only.
    const elsewhere = await runAdminIn(
      shell(),
      'user-token',
      '--user-id',
      memoryUser.userId,
      '--state-dir',
      persistedDir,
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(`no user ${memoryUser.userId}`);
  }, 120_000);

  it('says when no platform runs with that state folder any more', async () => {
    await stop(platforms[0].child);
    expect(existsSync(join(inMemoryDir, 'runtime.json'))).toBe(false);
    const gone = await runAdminIn({ ...shell(), LOCAL_STATE_DIR: inMemoryDir }, 'clock');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(`no local platform is running with state in ${inMemoryDir}`);
  }, 60_000);
});
