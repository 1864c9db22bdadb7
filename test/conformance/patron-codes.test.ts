/** Docs page "Patron Codes": src/content/api/patron-codes.mdoc and its example exchanges. */
import { luhnCheckDigit } from '../../functions/patron-codes/barcode';
import { api, newAccount, type TestAccount } from '../support/api';
import { expectError, expectExchange, O, S, type ShapeObject } from './support';

/** The create example: a code made without a body names no asset. */
const CREATED_CODE: ShapeObject = {
  id: S,
  accountId: S,
  barcode: S,
  createdAt: S,
  expiresAt: S,
  appName: S,
  metadata: O,
};

let patron: TestAccount;
let walletId: string;
beforeAll(async () => {
  patron = await newAccount();
  const wallet = await api('POST', '/api/wallet-assets', {
    key: patron.apiKey,
    body: { accountId: patron.accountId, ledgerId: 'svc.nzd.test' },
  });
  walletId = wallet.body.id;
});

/** A code naming the patron's wallet asset (the examples that read a code show its assetId) with metadata set. */
async function codeWithAsset(extra: Record<string, unknown> = {}) {
  const created = await api('POST', '/api/patron-codes', { key: patron.apiKey, body: { assetId: walletId, ...extra } });
  expect(created.status).toBe(200);
  expect(
    (
      await api('POST', `/api/patron-codes/${created.body.id}/metadata`, {
        key: patron.apiKey,
        body: { metadata: { deviceId: 'device-001' } },
      })
    ).status,
  ).toBe(200);
  return created.body;
}

/** The read examples: a code naming its asset, with metadata set. */
const READ_SHAPE: ShapeObject = { ...CREATED_CODE, assetId: S, metadata: { deviceId: S } };

describe('Patron Codes: documented example exchanges', () => {
  it('POST /api/patron-codes: no body', async () => {
    const res = await api('POST', '/api/patron-codes', { key: patron.apiKey });
    expectExchange(res, CREATED_CODE);
    expect(res.body.metadata).toEqual({});
  });

  it('GET /api/patron-codes/{patronCodeId}', async () => {
    const code = await codeWithAsset();
    expectExchange(await api('GET', `/api/patron-codes/${code.id}`, { key: patron.apiKey }), READ_SHAPE);
  });

  it('GET /api/patron-codes/barcode/{barcode}', async () => {
    const code = await codeWithAsset();
    expectExchange(await api('GET', `/api/patron-codes/barcode/${code.barcode}`, { key: patron.apiKey }), READ_SHAPE);
  });

  it('GET /api/patron-codes/{namespace}/external-id/{externalId}', async () => {
    await codeWithAsset({ namespace: 'namespace-test', externalId: '3e9003bbff48d' });
    const res = await api('GET', '/api/patron-codes/namespace-test/external-id/3e9003bbff48d', { key: patron.apiKey });
    expectExchange(res, { ...READ_SHAPE, externalId: S });
  });

  it('POST /api/patron-codes/{patronCodeId}/metadata', async () => {
    const code = await api('POST', '/api/patron-codes', { key: patron.apiKey });
    const res = await api('POST', `/api/patron-codes/${code.body.id}/metadata`, {
      key: patron.apiKey,
      body: { metadata: { deviceId: 'device-001' } },
    });
    expectExchange(res, { patronCodeId: S, createdAt: S, createdBy: S, metadata: { deviceId: S } });
  });
});

describe('Patron Codes: documented errors', () => {
  const prefix = '999000123456789';
  const unknownBarcode = prefix + luhnCheckDigit(prefix);
  const badChecksum = prefix + String((Number(luhnCheckDigit(prefix)) + 1) % 10);

  it('GET …/barcode/{barcode} whose check digit fails: 400 CHECKSUM_FAILED', async () => {
    expectError(
      await api('GET', `/api/patron-codes/barcode/${badChecksum}`, { key: patron.apiKey }),
      400,
      'CHECKSUM_FAILED',
    );
  });

  it('GET …/barcode/{barcode} of no code: 403 PATRON_CODE_INVALID', async () => {
    expectError(
      await api('GET', `/api/patron-codes/barcode/${unknownBarcode}`, { key: patron.apiKey }),
      403,
      'PATRON_CODE_INVALID',
    );
  });

  it('GET …/{namespace}/external-id/{externalId} of no code: 403 PATRON_CODE_INVALID', async () => {
    expectError(
      await api('GET', '/api/patron-codes/namespace-test/external-id/no-such-id', { key: patron.apiKey }),
      403,
      'PATRON_CODE_INVALID',
    );
  });

  it('POST …/{patronCodeId}/metadata of no code: 403 PATRON_CODE_INVALID', async () => {
    const res = await api('POST', '/api/patron-codes/NoSuchPatronCode123456/metadata', {
      key: patron.apiKey,
      body: { metadata: { deviceId: 'x' } },
    });
    expectError(res, 403, 'PATRON_CODE_INVALID');
  });
});
