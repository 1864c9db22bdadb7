import { luhnCheckDigit } from '../../functions/patron-codes/barcode';
import { api, FORBIDDEN, newAccount, type ApiResponse, type TestAccount } from '../support/api';
import { newConnection } from '../support/channels';
import { newMerchant, newPayer, newPaymentRequest, pay, type MerchantSetup, type Payer } from '../support/payments';
import { ok, sendAsset, uniqueEmail, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const UNKNOWN_CODE = refused('UNKNOWN_CODE');

const decode = (caller: TestAccount, code: string, merchantConfigId: string) =>
  api('POST', '/api/decode', { key: caller.apiKey, body: { code, scannedBy: 'merchant', merchantConfigId } });

/** The answer of a decoded code: the documented fields and the resource it names. */
const decoded = (code: string, merchantConfigId: string, resourceType: string, resourceId?: string) => ({
  code,
  scannedBy: 'merchant',
  merchantConfigId,
  provider: 'centrapay',
  displayName: expect.any(String),
  resourceType,
  ...(resourceId === undefined ? {} : { resourceId }),
});

/** A barcode of the right shape whose check digit holds, which no patron code has (prefix 999000 is never random). */
const unknownBarcode = () => {
  const body = `999000${String(Date.now()).slice(-9)}`;
  return body + luhnCheckDigit(body);
};

/** A status and body, for comparing a refusal with another. */
const answer = (res: ApiResponse) => ({ status: res.status, body: res.body });

describe('POST /api/decode', () => {
  let shop: MerchantSetup;
  let other: MerchantSetup;
  let patron: Payer;
  beforeAll(async () => {
    // The shop's owner holds money too, so it can send transfers as well as take payments.
    const owner = await newPayer('100000');
    [shop, other, patron] = await Promise.all([newMerchant({ owner }), newMerchant(), newPayer('100000')]);
  }, 30_000);

  it("decodes a payment request's QR code link and short code, and nothing once it is paid", async () => {
    const request = await newPaymentRequest(shop);
    for (const code of [request.url, request.shortCode, request.shortCode.toLowerCase()]) {
      const res = await decode(shop.owner, code, shop.configId);
      expect(answer(res)).toEqual({
        status: 200,
        body: decoded(code, shop.configId, 'payment-request', request.id),
      });
      expect(written(res)).toEqual([]);
    }
    await ok(pay(patron, request.id, `decode-${request.id}`), 'pay');
    expect((await decode(shop.owner, request.url, shop.configId)).body).toEqual(UNKNOWN_CODE);
    expect((await decode(shop.owner, request.shortCode, shop.configId)).body).toEqual(UNKNOWN_CODE);
  });

  it('decodes a patron code of its own account; a bad check digit or an unknown code names nothing', async () => {
    const code = await ok(api('POST', '/api/patron-codes', { key: shop.owner.apiKey }));
    expect((await decode(shop.owner, code.barcode, shop.configId)).body).toEqual(
      decoded(code.barcode, shop.configId, 'patron-code', code.id),
    );
    const misread = code.barcode.slice(0, 15) + String((Number(code.barcode[15]) + 1) % 10);
    expect((await decode(shop.owner, misread, shop.configId)).body).toEqual(UNKNOWN_CODE);
    expect((await decode(shop.owner, unknownBarcode(), shop.configId)).body).toEqual(UNKNOWN_CODE);
  });

  it("decodes a patron's code scanned by any merchant, without its id", async () => {
    const code = await ok(api('POST', '/api/patron-codes', { key: patron.apiKey }));
    const res = await decode(other.owner, code.barcode, other.configId);
    expect(res.body).toStrictEqual(decoded(code.barcode, other.configId, 'patron-code'));
  });

  it("answers another account's payment request or connection exactly as a code of nothing", async () => {
    const [request, connection] = await Promise.all([
      newPaymentRequest(shop),
      newConnection(shop.owner.apiKey, shop.merchantId),
    ]);
    const nothing = answer(await decode(other.owner, unknownBarcode(), other.configId));
    expect(nothing).toEqual({ status: 403, body: UNKNOWN_CODE });
    for (const code of [request.url, request.shortCode, connection.url]) {
      const res = await decode(other.owner, code, other.configId);
      expect({ code, ...answer(res) }).toEqual({ code, ...nothing });
    }
  });

  it('decodes a transfer sent by link for whoever holds it, and one sent to an alias only for its sender', async () => {
    // Money sent by link is shared: each claim takes a flat part of it.
    const byLink = await ok(
      sendAsset(patron, {
        assetId: patron.walletId,
        value: '100',
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '10' } },
      }),
    );
    const toAlias = await ok(
      sendAsset(shop.owner, { assetId: (shop.owner as Payer).walletId, value: '100', recipientAlias: uniqueEmail() }),
    );
    expect((await decode(other.owner, byLink.url, other.configId)).body).toEqual(
      decoded(byLink.url, other.configId, 'asset-transfer', byLink.id),
    );
    expect((await decode(shop.owner, toAlias.url, shop.configId)).body).toEqual(
      decoded(toAlias.url, shop.configId, 'asset-transfer', toAlias.id),
    );
    // Meant for someone else: as if there were no such transfer.
    expect(answer(await decode(other.owner, toAlias.url, other.configId))).toEqual(
      answer(await decode(other.owner, unknownBarcode(), other.configId)),
    );
    // A cancelled transfer is no longer live.
    await ok(api('POST', `/api/asset-transfers/${byLink.id}/cancel`, { key: patron.apiKey }), 'cancel');
    expect((await decode(other.owner, byLink.url, other.configId)).body).toEqual(UNKNOWN_CODE);
  });

  it('decodes a connection link for the account that asked for it', async () => {
    const connection = await newConnection(shop.owner.apiKey, shop.merchantId);
    expect((await decode(shop.owner, connection.url, shop.configId)).body).toEqual(
      decoded(connection.url, shop.configId, 'connection', connection.id),
    );
  });

  it('answers INVALID_MERCHANT_CONFIG for a config without a payment option for the code', async () => {
    // A second merchant of the shop's account, taking only an external provider's asset type.
    const elsewhere = await ok(
      api('POST', '/api/merchants', {
        key: shop.owner.apiKey,
        body: { accountId: shop.owner.accountId, name: 'Other Branch', country: 'NZ', test: true },
      }),
    );
    const providerOnly = await ok(
      api('POST', `/api/merchants/${elsewhere.id}/configs`, {
        key: shop.owner.apiKey,
        body: { paymentOptions: [{ type: 'test', externalMerchantId: 'ext-1' }] },
      }),
    );
    const [request, patronCode, connection] = await Promise.all([
      newPaymentRequest(shop),
      ok(api('POST', '/api/patron-codes', { key: shop.owner.apiKey })),
      newConnection(shop.owner.apiKey, shop.merchantId),
    ]);
    for (const code of [request.url, patronCode.barcode, connection.url]) {
      const res = await decode(shop.owner, code, providerOnly.id);
      expect({ code, ...answer(res) }).toEqual({ code, status: 403, body: refused('INVALID_MERCHANT_CONFIG') });
    }
  });

  it("answers MERCHANT_CONFIG_NOT_FOUND for a missing config and another account's alike", async () => {
    const request = await newPaymentRequest(shop);
    const missing = answer(await decode(shop.owner, request.url, 'mc_zzNoSuchResourcezzzzzz'));
    expect(missing).toEqual({ status: 403, body: refused('MERCHANT_CONFIG_NOT_FOUND') });
    expect(answer(await decode(shop.owner, request.url, other.configId))).toEqual(missing);
    // A key of an account without any merchant.
    expect(answer(await decode(await newAccount(), request.url, shop.configId))).toEqual(missing);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scannedBy: 'merchant', merchantConfigId: shop.configId }, 'code'],
      [{ code: '', scannedBy: 'merchant', merchantConfigId: shop.configId }, 'code'],
      [{ code: 'x'.repeat(513), scannedBy: 'merchant', merchantConfigId: shop.configId }, 'code'],
      [{ code: 'CP-ABC-DEF', scannedBy: 'patron', merchantConfigId: shop.configId }, 'scannedBy'],
      [{ code: 'CP-ABC-DEF', scannedBy: 'merchant' }, 'merchantConfigId'],
      [{ code: 'CP-ABC-DEF', scannedBy: 'merchant', merchantConfigId: '5ee168e8597be5002af7b454' }, 'merchantConfigId'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/api/decode', { key: shop.owner.apiKey, body });
      expect({ field, status: res.status, names: String(res.body.message).includes(field) }).toEqual({
        field,
        status: 400,
        names: true,
      });
      expect(written(res)).toEqual([]);
    }
  });
});
