import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import newman, { type NewmanRunSummary } from 'newman';
import { COLLECTION_FILE, ENVIRONMENT_FILE, generate } from '../../clients/postman/generate';
import { SEEDED_FLOW_FOLDER } from '../../clients/postman/seeded-flow';
import { api, platformUrl, seed } from '../support/api';
import { balance, newMerchant, newPayer } from '../support/payments';

/** The committed collection (clients/postman/, docs/api-reference.md), run by newman against the test platform. */

const read = (file: string) => readFileSync(file, 'utf8');

interface Environment {
  values: { key: string; value: string }[];
}

/** Runs the collection's seeded-flow folder in an environment written from the committed one with `values`. */
async function runSeededFlow(values: Record<string, string>): Promise<NewmanRunSummary> {
  const local = JSON.parse(read(ENVIRONMENT_FILE)) as Environment;
  const unknown = Object.keys(values).filter((key) => !local.values.some((value) => value.key === key));
  if (unknown.length) throw new Error(`not in the environment file: ${unknown.join(', ')}`);
  const environment = { ...local, values: local.values.map((value) => ({ ...value, ...pick(values, value.key) })) };
  const dir = mkdtempSync(join(tmpdir(), 'postman-'));
  const environmentFile = join(dir, 'environment.json');
  writeFileSync(environmentFile, JSON.stringify(environment));
  try {
    return await new Promise((resolve, reject) =>
      newman.run(
        { collection: COLLECTION_FILE, environment: environmentFile, folder: SEEDED_FLOW_FOLDER, reporters: [] },
        (error, summary) => (error ? reject(error) : resolve(summary)),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pick = (values: Record<string, string>, key: string) => (key in values ? { value: values[key] } : {});

const ROOT = join(__dirname, '..', '..');

/** The shell block of docs/api-reference.md that runs the seeded flow with `npx newman run`, as written there. */
function documentedRun(): string {
  const doc = read(join(ROOT, 'docs', 'api-reference.md'));
  const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('npx newman run'));
  if (!block) throw new Error('docs/api-reference.md has no sh block with `npx newman run`');
  return block;
}

describe('Postman collection', () => {
  it('runs the seeded flow: create, pay, read (paid), refund, every assertion passing', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('5000');
    const summary = await runSeededFlow({
      baseUrl: platformUrl(),
      apiKey: merchant.owner.apiKey,
      configId: merchant.configId,
      payerApiKey: payer.apiKey,
      walletAssetId: payer.walletId,
    });
    expect(summary.run.failures.map((failure) => `${failure.source?.name}: ${failure.error.message}`)).toEqual([]);
    expect(summary.run.stats.requests).toMatchObject({ total: 4, failed: 0 });
    expect(summary.run.stats.assertions).toMatchObject({ total: 4, failed: 0 });

    // The id the first step learnt is the one each later step addressed (through a collection variable).
    const [created, ...later] = summary.run.executions;
    const paymentRequestId = created.response.json().id as string;
    expect(later.map((step) => step.request.url.getPath())).toEqual([
      `/api/payment-requests/${paymentRequestId}/pay`,
      `/api/payment-requests/${paymentRequestId}`,
      `/api/payment-requests/${paymentRequestId}/refund`,
    ]);

    // What the run did, as the API tells it: the request it created was paid, then refunded in full.
    const stored = await api('GET', `/api/payment-requests/${paymentRequestId}`, { key: merchant.owner.apiKey });
    expect(stored.body).toMatchObject({ configId: merchant.configId, status: 'paid', value: { amount: '1250' } });
    const activities = await api('GET', `/api/payment-requests/${paymentRequestId}/activities`, {
      key: merchant.owner.apiKey,
    });
    expect(activities.body.items.map((activity: { type: string }) => activity.type)).toEqual([
      'refund',
      'paid',
      'payment',
      'request',
    ]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
  }, 120_000);

  it('runs as docs/api-reference.md tells a reader to: its newman block, with their seed and address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'postman-doc-'));
    const seedFile = join(dir, 'seed.json');
    // What `npm start` writes to SEED_OUT: here the test platform's seed.
    writeFileSync(seedFile, JSON.stringify(seed()));
    try {
      // newman exits non-zero on a failed assertion or request (execFile then rejects); its summary counts them.
      const { stdout } = await promisify(execFile)('bash', ['-c', documentedRun()], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, SEED_OUT: seedFile, B: platformUrl() },
      });
      expect(stdout).toMatch(/│\s+requests\s+│\s+4\s+│\s+0\s+│/);
      expect(stdout).toMatch(/│\s+assertions\s+│\s+4\s+│\s+0\s+│/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is what `npm run postman:generate` makes of the current OpenAPI document', async () => {
    const { collection, environment } = await generate();
    // A flag, not the text: a diff of the 3 MB collection would bury the fix.
    const stale = (committed: string, generated: string) =>
      committed === generated ? 'current' : 'stale: run `npm run postman:generate` and commit clients/postman/';
    expect(stale(read(COLLECTION_FILE), collection)).toBe('current');
    expect(stale(read(ENVIRONMENT_FILE), environment)).toBe('current');
  }, 120_000);
});
