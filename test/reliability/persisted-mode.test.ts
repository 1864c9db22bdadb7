import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bin/local/free-port';
import { untilListening } from '../support/local-platform';

/**
 * `npm start`'s persisted mode, killed the hard way: every write the platform acknowledged is
 * there after `kill -9` and a restart, and the kill leaves no Java process holding the files.
 */
const ROOT = join(__dirname, '..', '..');
const stateDir = mkdtempSync(join(tmpdir(), 'platform-state-'));
let port: number;

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_STATE_DIR: stateDir,
      SEED_OUT: join(stateDir, 'seed.json'),
      VALIDATORS_PREBUILT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilListening(child, 90_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

const javaChildren = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'java'])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

it('keeps every acknowledged write across kill -9 and leaves no Java behind', async () => {
  port = await freePort();
  const first = await start();
  const seed = JSON.parse(readFileSync(join(stateDir, 'seed.json'), 'utf8'));
  const headers = { 'x-api-key': seed.apiKey, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${first.url}/api/payment-requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ configId: seed.configId, value: { currency: 'NZD', amount: String(100 + i) } }),
    });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const topup = await fetch(`${first.url}/api/wallet-assets/${seed.testWalletAssetId}/test-topups`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ value: { currency: 'NZD', amount: '4321' }, idempotencyKey: 'before-the-crash' }),
  });
  expect(topup.status).toBe(200);
  const [java] = javaChildren(first.child.pid!);
  expect(java).toBeGreaterThan(0);
  first.child.kill('SIGKILL');
  for (let i = 0; i < 50 && alive(java); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(java)).toBe(false);

  const second = await start();
  try {
    for (const id of ids)
      expect((await fetch(`${second.url}/api/payment-requests/${id}`, { headers })).status).toBe(200);
    const asset = (await (await fetch(`${second.url}/api/assets/${seed.testWalletAssetId}`, { headers })).json()) as {
      balance: string;
    };
    expect(asset.balance).toBe(String(1_000_000 + 4321));
  } finally {
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }
}, 180_000);
