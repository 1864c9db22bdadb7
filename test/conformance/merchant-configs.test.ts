/** Docs page "Merchant Configs": src/content/api/merchant-configs.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount } from '../support/api';
import { expectError, expectExchange, expectShape, S, type Shape, type ShapeObject } from './support';

const config = (paymentOption: Shape): ShapeObject => ({
  id: S,
  merchantId: S,
  createdAt: S,
  updatedAt: S,
  createdBy: S,
  updatedBy: S,
  paymentOptions: [paymentOption],
});

/** The documented examples configure options of every kind; each of ours is checked against its kind's fields. */
const WALLET_OPTION = { type: S, walletId: S };
const PROVIDER_OPTION = { type: S, externalMerchantId: S };
const BARE_OPTION = { type: S };

let live: TestAccount;
let merchantId: string;
let configId: string;

async function settlementWallet(): Promise<string> {
  const wallet = await api('POST', '/api/wallet-assets', {
    key: live.apiKey,
    body: { accountId: live.accountId, ledgerId: 'svc.nzd.main', settlement: true },
  });
  expect(wallet.status).toBe(200);
  return wallet.body.id;
}

beforeAll(async () => {
  live = await newAccount({ test: false });
  const merchant = await api('POST', '/api/merchants', {
    key: live.apiKey,
    body: { accountId: live.accountId, name: 'Centrapay Cafe', country: 'NZ', test: false },
  });
  merchantId = merchant.body.id;
});

const optionOfType = (body: { paymentOptions: { type: string }[] }, type: string) =>
  body.paymentOptions.find((o) => o.type === type);

describe('Merchant Configs: documented example exchanges', () => {
  it(
    'POST /api/merchants/{merchantId}/configs: a settlement ' + 'wallet option and an external provider option',
    async () => {
      const walletId = await settlementWallet();
      const res = await api('POST', `/api/merchants/${merchantId}/configs`, {
        key: live.apiKey,
        body: {
          paymentOptions: [
            { type: 'svc.nzd.main', walletId },
            { type: 'epay.main', externalMerchantId: '11000021' },
          ],
        },
      });
      expectExchange(res, config(BARE_OPTION));
      expectShape(optionOfType(res.body, 'svc.nzd.main'), WALLET_OPTION);
      expectShape(optionOfType(res.body, 'epay.main'), PROVIDER_OPTION);
      expect(res.body.id).toMatch(/^mc_/);
      configId = res.body.id;
    },
  );

  it('GET /api/merchant-configs/{configId}', async () => {
    const res = await api('GET', `/api/merchant-configs/${configId}`, { key: live.apiKey });
    expectExchange(res, config(BARE_OPTION));
    expectShape(optionOfType(res.body, 'epay.main'), PROVIDER_OPTION);
  });

  it('GET /api/merchants/{merchantId}/configs: a bare array', async () => {
    const second = await api('POST', `/api/merchants/${merchantId}/configs`, {
      key: live.apiKey,
      body: { paymentOptions: [{ type: 'epay.main', externalMerchantId: 'DbgY2SyD5M85zkePJjsQEf' }] },
    });
    expect(second.status).toBe(200);
    const res = await api('GET', `/api/merchants/${merchantId}/configs`, { key: live.apiKey });
    expectExchange(res, [config(BARE_OPTION)]);
    expect(res.body).toHaveLength(2);
  });

  it(
    'PUT /api/merchants/{merchantId}/configs/{configId}: an ' + 'external ledger option and a settlement wallet option',
    async () => {
      const walletId = await settlementWallet();
      const res = await api('PUT', `/api/merchants/${merchantId}/configs/${configId}`, {
        key: live.apiKey,
        body: { paymentOptions: [{ type: 'bitcoin.main' }, { type: 'svc.nzd.main', walletId }] },
      });
      expectExchange(res, config(BARE_OPTION));
      expectShape(optionOfType(res.body, 'svc.nzd.main'), WALLET_OPTION);
      expect(res.body.paymentOptions.map((o: { type: string }) => o.type)).toEqual(['bitcoin.main', 'svc.nzd.main']);
    },
  );

  it('GET /api/merchants/{merchantId}/configs/{configId} (deprecated)', async () => {
    expectExchange(
      await api('GET', `/api/merchants/${merchantId}/configs/${configId}`, { key: live.apiKey }),
      config(BARE_OPTION),
    );
  });
});

describe('Merchant Configs: documented errors (create and update)', () => {
  const create = (paymentOptions: unknown[]) =>
    api('POST', `/api/merchants/${merchantId}/configs`, { key: live.apiKey, body: { paymentOptions } });
  const update = (paymentOptions: unknown[]) =>
    api('PUT', `/api/merchants/${merchantId}/configs/${configId}`, { key: live.apiKey, body: { paymentOptions } });

  it('a walletId that is not a settlement wallet asset: 403 INVALID_WALLET_TYPE', async () => {
    const spending = await api('POST', '/api/wallet-assets', {
      key: live.apiKey,
      body: { accountId: live.accountId, ledgerId: 'svc.nzd.main' },
    });
    for (const call of [create, update])
      expectError(await call([{ type: 'svc.nzd.main', walletId: spending.body.id }]), 403, 'INVALID_WALLET_TYPE');
  });

  it('a test asset type on a live merchant: 403 LIVENESS_MISMATCH', async () => {
    for (const call of [create, update]) expectError(await call([{ type: 'svc.nzd.test' }]), 403, 'LIVENESS_MISMATCH');
  });

  it('a collection id that does not exist: 403 COLLECTIONS_INVALID', async () => {
    for (const call of [create, update])
      expectError(
        await call([{ type: 'svc.token.main', collectionIds: ['c_zzNoSuchResourcezzzzzz'] }]),
        403,
        'COLLECTIONS_INVALID',
      );
  });
});
