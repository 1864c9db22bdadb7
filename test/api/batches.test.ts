import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import {
  company,
  onboardCsv,
  onboardedIds,
  onboardReferences,
  onboardRow,
  settledBatch,
  uploadBatchFile,
  type OnboardReferences,
  type OnboardRow,
} from '../support/batches';
import { CSV, logoForm } from '../support/media';
import { ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });

// Batches are processed in the background by the platform's consumer: a test waits for them.
jest.setTimeout(60_000);

describe('batches', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let refs: OnboardReferences;
  // A channel whose devices must give their model.
  let modelChannel: string;
  beforeAll(async () => {
    [owner, stranger, refs, { salesChannelId: modelChannel }] = await Promise.all([
      newAccount(),
      newAccount(),
      onboardReferences(),
      onboardReferences({ deviceModel: true }),
    ]);
  });

  const createBatch = (url: string, changes: Record<string, unknown> = {}, key = owner.apiKey) =>
    api('POST', '/api/batches', {
      key,
      body: { type: 'business-onboard', url, accountId: owner.accountId, test: true, ...changes },
    });

  it('onboards a 10,000-record file through the queue: exact ' +
    'counts, each bad record named, the good ones created', async () => {
    const run = `${Date.now().toString(36)}`;
    const rows: OnboardRow[] = Array.from({ length: 10_000 }, (_, i) => onboardRow(`${run}-${i}`, refs));
    // Two records name companies of the register; 15 are bad, each in its own way.
    rows[10] = onboardRow(`${run}-10`, refs, { nzbn: company(13).nzbn, companyName: 'ignored: the register names it' });
    rows[9000] = onboardRow(`${run}-9000`, refs, { nzbn: company(14).nzbn });
    const bad: [number, OnboardRow, string][] = [
      [3, { companyName: '' }, 'companyName is required'],
      [251, { categoryCode: 'abc' }, 'categoryCode must be 4 digits'],
      [499, { primaryContactEmail: 'not-an-email' }, 'primaryContactEmail must be an email address'],
      [500, { merchantCountry: 'AU' }, 'merchantCountry must be NZ'],
      [1234, { merchantType: 'kiosk' }, 'merchantType must be physical or e-commerce'],
      [2000, { nzbn: '9999999999999' }, 'INVALID_NZBN'],
      [2001, { nzbn: '12345' }, 'nzbn must be 13 digits'],
      [3333, { deviceSerialNumber: '' }, 'one of deviceId or deviceSerialNumber is required'],
      [4000, { merchantStreet: '' }, 'merchantStreet is required for a physical merchant'],
      [5000, { assetProgramId: 'program-1' }, 'assetProgramId must be an asset program id (ap_…)'],
      [5001, { assetProgramId: 'ap_NoSuchProgram' }, 'INVALID_ASSET_PROGRAM'],
      [6000, { salesChannelId: '' }, 'salesChannelId is required'],
      [6001, { salesChannelId: 'sc_NoSuchChannel' }, 'INVALID_SALES_CHANNEL'],
      [6002, { salesChannelId: modelChannel }, 'deviceModel is required by its sales channel'],
      [7000, { settlementAccountNumber: '12' }, 'settlementAccountNumber must be a bank account number'],
      [7001, { merchantName: 'M'.repeat(129) }, 'merchantName must be at most 128 characters'],
      [8000, { externalBusinessId: `eb-${run}-7` }, `DUPLICATE_EXTERNAL_ID: externalBusinessId repeats record 7`],
      [8001, { externalMerchantId: `em-${run}-8` }, `DUPLICATE_EXTERNAL_ID: externalMerchantId repeats record 8`],
      [9999, { nzbn: company(13).nzbn }, 'DUPLICATE_EXTERNAL_ID: nzbn repeats record 10'],
    ];
    for (const [index, changes] of bad) rows[index] = onboardRow(`${run}-${index}`, refs, changes);
    const url = await uploadBatchFile(owner, onboardCsv(rows));

    const started = Date.now();
    const created = await ok(createBatch(url));
    expect(created).toEqual({
      id: expect.any(String),
      accountId: owner.accountId,
      status: 'created',
      type: 'business-onboard',
      url,
      test: true,
      count: '0',
      errorCount: '0',
      errors: [],
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: expect.any(String),
    });
    const done = await settledBatch(owner.apiKey, created.id, 240_000);
    console.log(`10,000-record batch complete in ${Date.now() - started} ms`);
    expect(done).toMatchObject({ status: 'complete', count: '10000', errorCount: String(bad.length) });
    expect(done.errors).toEqual(
      bad.map(([index, changes, message]) => ({
        index: String(index),
        externalId: changes.externalBusinessId ?? `eb-${run}-${index}`,
        message,
      })),
    );

    // Good records made an account of the owner's with its business and one merchant; bad ones made nothing.
    for (const index of [0, 10, 4999, 9000, 9998]) {
      const ids = onboardedIds(created.id, index);
      const business = await ok(api('GET', `/api/accounts/${ids.accountId}/business`, { key: owner.apiKey }));
      expect(business).toMatchObject({ id: ids.businessId, accountId: ids.accountId, onboardingStatus: 'applied' });
      const merchants = await ok(api('GET', `/api/accounts/${ids.accountId}/merchants`, { key: owner.apiKey }));
      expect(merchants.items.map((m: { id: string }) => m.id)).toEqual([ids.merchantId]);
    }
    expect(
      await ok(api('GET', `/api/accounts/${onboardedIds(created.id, 10).accountId}/business`, { key: owner.apiKey })),
    ).toMatchObject({
      nzbn: company(13).nzbn,
      name: company(13).companyName,
      companyNumber: company(13).companyNumber,
    });
    for (const [index] of bad) {
      const res = await api('GET', `/api/accounts/${onboardedIds(created.id, index).accountId}/business`, {
        key: owner.apiKey,
      });
      expect(res.body).toEqual(FORBIDDEN);
    }
  }, 300_000);

  it("a file that is not the type's ends in error, saying why", async () => {
    const headerless = await ok(createBatch(await uploadBatchFile(owner, CSV)));
    expect(await settledBatch(owner.apiKey, headerless.id)).toMatchObject({
      status: 'error',
      count: '0',
      error: expect.stringContaining('missing columns: companyName'),
    });
    const unclosed = await ok(
      createBatch(await uploadBatchFile(owner, Buffer.from(`${onboardCsv([]).toString()}"never closed,\n`))),
    );
    expect(await settledBatch(owner.apiKey, unclosed.id)).toMatchObject({
      status: 'error',
      error: expect.stringContaining('not valid CSV'),
    });
  });

  it('an empty file completes with nothing counted; a business-onboarding upload is read too', async () => {
    const empty = await ok(createBatch(await uploadBatchFile(owner, onboardCsv([]), 'business-onboarding')));
    expect(await settledBatch(owner.apiKey, empty.id)).toMatchObject({
      status: 'complete',
      count: '0',
      errorCount: '0',
      errors: [],
    });
  });

  it('the same records in a second batch are refused by their external ids', async () => {
    const tag = `again-${Date.now().toString(36)}`;
    const csv = onboardCsv([onboardRow(`${tag}-0`, refs), onboardRow(`${tag}-1`, refs)]);
    const first = await ok(createBatch(await uploadBatchFile(owner, csv)));
    expect(await settledBatch(owner.apiKey, first.id)).toMatchObject({
      status: 'complete',
      count: '2',
      errorCount: '0',
    });
    const second = await ok(createBatch(await uploadBatchFile(owner, csv)));
    expect(await settledBatch(owner.apiKey, second.id)).toMatchObject({
      status: 'complete',
      count: '2',
      errorCount: '2',
      errors: [
        { index: '0', externalId: `eb-${tag}-0`, message: 'DUPLICATE_EXTERNAL_ID' },
        { index: '1', externalId: `eb-${tag}-1`, message: 'DUPLICATE_EXTERNAL_ID' },
      ],
    });
  });

  it(
    "refuses a test flag other than the account's, and a url that is not a batch file of the account, writing " +
      'nothing',
    async () => {
      const url = await uploadBatchFile(owner, onboardCsv([]));
      const live = await createBatch(url, { test: false });
      expect(live.body).toEqual(refused('LIVENESS_MISMATCH'));
      expect(written(live)).toEqual([]);
      const logo = await ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form: logoForm() }));
      const strangers = await uploadBatchFile(stranger, onboardCsv([]));
      for (const other of [
        'https://files.example.com/1234',
        `s3://payments-media/media/${owner.accountId}/${logo.id}`,
        strangers,
        strangers.replace(stranger.accountId, owner.accountId),
        'not a url',
      ]) {
        const res = await createBatch(other);
        expect(res.body).toEqual(refused('MEDIA_UPLOAD_INVALID'));
        expect(written(res)).toEqual([]);
      }
    },
  );

  it('validates the body, naming the field', async () => {
    for (const [body, field] of [
      [{ url: 'x', accountId: owner.accountId }, 'type'],
      [{ type: 'farmlands-external-asset', url: 'x', accountId: owner.accountId }, 'type'],
      [{ type: 'business-onboard', accountId: owner.accountId }, 'url'],
      [{ type: 'business-onboard', url: 'x' }, 'accountId'],
    ] as const) {
      const res = await api('POST', '/api/batches', { key: owner.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it("another account's key is refused like a missing batch, and writes nothing", async () => {
    const url = await uploadBatchFile(owner, onboardCsv([]));
    const foreign = await createBatch(url, {}, stranger.apiKey);
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    const batch = await ok(createBatch(url));
    expect((await api('GET', `/api/batches/${batch.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', '/api/batches/NoSuchBatch1234567890ab', { key: owner.apiKey })).body).toEqual(FORBIDDEN);
  });
});
