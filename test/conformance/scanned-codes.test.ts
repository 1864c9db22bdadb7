/** Docs page "Scanned Codes": src/content/api/scanned-codes.mdx and its example exchange. */
import { api } from '../support/api';
import { newMerchant, newPaymentRequest, type MerchantSetup } from '../support/payments';
import { expectError, expectExchange, S, type ShapeObject } from './support';

/** The decode example's answer. */
const SCANNED_CODE: ShapeObject = { code: S, scannedBy: S, merchantConfigId: S, provider: S, displayName: S };

const decode = (key: string, body: Record<string, unknown>) => api('POST', '/api/decode', { key, body });

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

describe('Scanned Codes: documented example exchanges', () => {
  it('POST /api/decode', async () => {
    // The example scans a card number of a brand-named provider; a code of the platform's own is sent instead.
    const request = await newPaymentRequest(merchant);
    const res = await decode(merchant.owner.apiKey, {
      code: request.shortCode,
      merchantConfigId: merchant.configId,
      scannedBy: 'merchant',
    });
    expectExchange(res, SCANNED_CODE);
  });
});

describe('Scanned Codes: documented errors', () => {
  it('a code that names nothing: 403 UNKNOWN_CODE', async () => {
    const res = await decode(merchant.owner.apiKey, {
      code: '123456789',
      merchantConfigId: merchant.configId,
      scannedBy: 'merchant',
    });
    expectError(res, 403, 'UNKNOWN_CODE');
  });

  it('a merchant config that does not exist: 403 MERCHANT_CONFIG_NOT_FOUND', async () => {
    const request = await newPaymentRequest(merchant);
    const res = await decode(merchant.owner.apiKey, {
      code: request.url,
      merchantConfigId: 'mc_zzNoSuchResourcezzzzzz',
      scannedBy: 'merchant',
    });
    expectError(res, 403, 'MERCHANT_CONFIG_NOT_FOUND');
  });

  it('a config without a payment option for the code: 403 INVALID_MERCHANT_CONFIG', async () => {
    // A patron code pays from a wallet on the platform; this config takes an external provider's asset only.
    const owner = merchant.owner;
    const code = (await api('POST', '/api/patron-codes', { key: owner.apiKey })).body;
    const other = await newMerchant({ owner });
    const config = await api('PUT', `/api/merchants/${other.merchantId}/configs/${other.configId}`, {
      key: owner.apiKey,
      body: { paymentOptions: [{ type: 'test', externalMerchantId: 'ext-1' }] },
    });
    expect(config.status).toBe(200);
    const res = await decode(owner.apiKey, {
      code: code.barcode,
      merchantConfigId: other.configId,
      scannedBy: 'merchant',
    });
    expectError(res, 403, 'INVALID_MERCHANT_CONFIG');
  });
});
