import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { api, FORBIDDEN } from '../support/api';

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

/** Runs `bin/admin.ts` against the test platform's DynamoDB Local, as an operator would. */
async function admin(...args: string[]): Promise<{ code: number; out: any; stderr: string }> {
  const target = ['--endpoint', process.env.AWS_ENDPOINT_URL_DYNAMODB!, '--table', process.env.TABLE_NAME!, '--json'];
  try {
    const { stdout, stderr } = await run(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'bin', 'admin.ts'), ...args, ...target], { cwd: ROOT });
    return { code: 0, out: JSON.parse(stdout), stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout ? JSON.parse(e.stdout) : undefined, stderr: e.stderr };
  }
}

describe('admin command', () => {
  it('creates an account and a key that work over HTTP, and disables the key', async () => {
    const account = await admin('create-account', '--name', 'Admin made', '--type', 'org', '--region', 'NZ', '--test');
    expect(account.code).toBe(0);
    expect(account.out).toMatchObject({ name: 'Admin made', type: 'org', test: true, createdBy: 'crn::service:admin-cli' });
    const key = await admin('create-key', '--account', account.out.id, '--name', 'owner', '--role', 'account-owner');
    expect(key.code).toBe(0);
    const read = await api('GET', `/api/accounts/${account.out.id}`, { key: key.out.secret });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(account.out.id);

    const listed = await admin('list-keys', '--account', account.out.id);
    expect(listed.out.map((k: { name: string }) => k.name)).toEqual(['owner']);
    expect(JSON.stringify(listed.out)).not.toContain(key.out.secret);

    expect((await admin('disable-key', '--account', account.out.id, '--name', 'owner')).out.enabled).toBe(false);
    expect((await api('GET', `/api/accounts/${account.out.id}`, { key: key.out.secret })).status).toBe(401);
  }, 30_000);

  it('creates a platform operator that can act on any account', async () => {
    const operator = await admin('create-operator', '--name', 'Ops');
    expect(operator.code).toBe(0);
    expect(operator.out.key.role).toBe('platform-operator');
    const other = await admin('create-account', '--name', 'Someone', '--type', 'individual');
    const read = await api('GET', `/api/accounts/${other.out.id}`, { key: operator.out.key.secret });
    expect(read.status).toBe(200);
    const ownerKey = await admin('create-key', '--account', other.out.id, '--name', 'k', '--role', 'account-owner');
    expect((await api('GET', `/api/accounts/${operator.out.account.id}`, { key: ownerKey.out.secret })).body).toEqual(FORBIDDEN);
  }, 30_000);

  it('exits 2 with usage on bad input and 1 with a JSON error when the account does not exist', async () => {
    const usage = await admin('create-key', '--account', 'x', '--name', 'n', '--role', 'god');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--role must be one of/);
    const missing = await admin('create-key', '--account', 'noSuchAccount', '--name', 'n', '--role', 'cashier');
    expect(missing.code).toBe(1);
    expect(missing.out).toEqual({ error: 'no account noSuchAccount' });
  }, 30_000);
});
