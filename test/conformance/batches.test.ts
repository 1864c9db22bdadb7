/**
 * Docs page "Batches": src/content/api/batches.mdoc and its example exchanges (with batch-types/business-onboard.mdoc's
 * record).
 */
import { api, newAccount } from '../support/api';
import { onboardCsv, onboardReferences, onboardRow, settledBatch, uploadBatchFile } from '../support/batches';
import { B, except, expectError, expectExchange, S, type ShapeObject } from './support';

const BATCH: ShapeObject = {
  id: S,
  accountId: S,
  status: S,
  type: S,
  url: S,
  test: B,
  count: S,
  errorCount: S,
  errors: [{ externalId: S, index: S, message: S }],
};
/**
 * The docs' examples are of `farmlands-external-asset`, a partner's type we do not serve: they run as
 * `business-onboard`, with a file of the account's.
 */
const NO_ERRORS = { errors: 'a new batch lists no errors yet (checked to be [] below)' };

describe('Batches: documented example exchanges', () => {
  it('POST /api/batches and GET /api/batches/{batchId}', async () => {
    const [owner, refs] = await Promise.all([newAccount(), onboardReferences()]);
    const tag = `conf-${Date.now().toString(36)}`;
    const url = await uploadBatchFile(
      owner,
      onboardCsv([onboardRow(`${tag}-0`, refs), onboardRow(`${tag}-1`, refs, { categoryCode: 'x' })]),
    );
    const created = await api('POST', '/api/batches', {
      key: owner.apiKey,
      body: { type: 'business-onboard', url, accountId: owner.accountId, test: true },
    });
    expectExchange(created, except(BATCH, NO_ERRORS));
    expect(created.body).toMatchObject({ status: 'created', count: '0', errorCount: '0', errors: [] });
    await settledBatch(owner.apiKey, created.body.id);
    const read = await api('GET', `/api/batches/${created.body.id}`, { key: owner.apiKey });
    expectExchange(read, BATCH);
    expect(read.body).toMatchObject({
      status: 'complete',
      count: '2',
      errorCount: '1',
      errors: [{ index: '1', externalId: `eb-${tag}-1`, message: 'categoryCode must be 4 digits' }],
    });
  });
});

describe('Batches: documented errors', () => {
  it('LIVENESS_MISMATCH', async () => {
    const owner = await newAccount();
    const url = await uploadBatchFile(owner, onboardCsv([]));
    expectError(
      await api('POST', '/api/batches', {
        key: owner.apiKey,
        body: { type: 'business-onboard', url, accountId: owner.accountId, test: false },
      }),
      403,
      'LIVENESS_MISMATCH',
    );
  });
});
