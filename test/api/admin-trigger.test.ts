import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NOTIFICATION_TYPES } from '../../functions/core/webhooks/notification-types';
import { adminTargetFlags, api, newAccount, type Json, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { newMerchant, newPaymentRequest } from '../support/payments';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const TARGET = adminTargetFlags();

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [join(ROOT, 'bin', 'admin.ts'), ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const trigger = async (account: TestAccount, type: string, ...more: string[]): Promise<Json> => {
  const { code, stdout, stderr } = await admin('trigger', type, '--account', account.accountId, ...more, ...TARGET);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout);
};

describe('npm run admin -- trigger, seen by listen', () => {
  let target: Server;
  const forwarded: Json[] = [];
  let listener: ChildProcess;
  const lines: Json[] = [];
  let account: TestAccount;

  beforeAll(async () => {
    target = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        forwarded.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    account = await newAccount();
    const forwardTo = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hooks`;
    listener = spawn(
      TSX,
      [join(ROOT, 'bin', 'admin.ts'), 'listen', '--account', account.accountId, '--forward-to', forwardTo, ...TARGET],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let buffered = '';
    listener.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      lines.push(...complete.filter((line) => line.trim()));
    });
    await waitFor(
      () => Promise.resolve(lines.some((line) => line.startsWith('Ready:'))),
      (ready) => ready,
      30_000,
    );
  }, 60_000);
  afterAll(async () => {
    const exited = new Promise((resolve) => listener.once('exit', resolve));
    listener.kill('SIGINT');
    await exited;
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  /** The delivery of `type` about `objectId`, once listen printed it verified and the target got it. */
  const delivered = async (type: string, objectId: string) => {
    const body = await waitFor(
      () =>
        Promise.resolve(forwarded.find((b) => b.type === type && (b.data.paymentRequestId ?? b.data.id) === objectId)),
      (found) => found !== undefined,
      30_000,
    );
    const printed = await waitFor(
      () => Promise.resolve(lines.find((line) => line.includes(body.id))),
      (line) => line !== undefined,
    );
    expect(printed).toContain(`--> ${type} [${body.id}] signature verified  <-- [200] POST`);
    expect(body.accountId).toBe(account.accountId);
    return body;
  };

  it.each(NOTIFICATION_TYPES)(
    '%s: the real steps over the API make the platform send it; listen prints it verified and forwards it',
    async (type) => {
      const out = await trigger(account, type, '--json');
      const objectId = out.paymentRequestId ?? out.assetTransferId;
      expect(out).toMatchObject({ type, accountId: account.accountId, steps: expect.any(Array) });
      const body = await delivered(type, objectId);
      if (type === 'asset-transfer:returned') {
        expect(body.data).toMatchObject({ id: objectId, status: 'returned' });
        const read = await api('GET', `/api/asset-transfers/${objectId}`, { key: account.apiKey });
        expect(read.body.status).toBe('returned');
      } else {
        const read = await api('GET', `/api/payment-requests/${objectId}`, { key: account.apiKey });
        expect(read.body.status).toBe('paid');
        // A refund's events carry the refund activity: all of what was paid went back.
        if (type !== 'payment-request:paid')
          expect(body.data).toMatchObject({ type: 'refund', value: read.body.value });
      }
    },
    60_000,
  );

  it('--for pays an existing payment request, then refunds it', async () => {
    const merchant = await newMerchant();
    const request = await newPaymentRequest(merchant);
    expect((await trigger(account, 'payment-request:paid', '--for', request.id)).paymentRequestId).toBe(request.id);
    const read = await api('GET', `/api/payment-requests/${request.id}`, { key: merchant.owner.apiKey });
    expect(read.body.status).toBe('paid');
    // The refund is the merchant's: the listening account is only the payer, so it may not refund.
    const refused = await admin(
      'trigger',
      'payment-request:refund-completed',
      '--account',
      account.accountId,
      '--for',
      request.id,
      ...TARGET,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refund answered 403/);
  }, 60_000);

  it('prints its usage with every event type and exits 2 on an unknown type or a live account', async () => {
    // Told before any platform is looked for: none runs in an empty state folder.
    const unknown = await admin('trigger', 'payment-request:lost', '--state-dir', mkdtempSync(join(tmpdir(), 'none-')));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^trigger: unknown event type payment-request:lost; one of /);
    for (const type of NOTIFICATION_TYPES) expect(unknown.stderr.split('\n')[0]).toContain(type);
    expect(unknown.stderr).toContain('usage: npm run admin');
    const live = await newAccount({ test: false });
    const refused = await admin('trigger', 'payment-request:paid', '--account', live.accountId, ...TARGET);
    expect(refused).toMatchObject({ code: 1, stderr: `admin: account ${live.accountId} is not a test account\n` });
  }, 60_000);
});
