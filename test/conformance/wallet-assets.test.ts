/** Docs page "Wallet Assets": src/content/api/wallet-assets.mdoc and its example exchanges. */
import { MAX_WALLETS_PER_LEDGER } from '../../functions/wallet-assets/asset-store';
import { api, newAccount, type TestAccount } from '../support/api';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const WALLET_ASSET: ShapeObject = {
  id: S,
  accountId: S,
  category: S,
  type: S,
  liveness: S,
  description: S,
  createdAt: S,
  status: S,
  currency: S,
  balance: S,
  availableBalance: S,
  settlement: B,
};

const LISTED_WALLET_ASSET: ShapeObject = {
  id: S,
  accountId: S,
  ledgerId: S,
  currency: S,
  balance: S,
  availableBalance: S,
};

describe('Wallet Assets: documented example exchanges', () => {
  let live: TestAccount;
  let test: TestAccount;
  beforeAll(async () => {
    [live, test] = await Promise.all([newAccount({ test: false }), newAccount()]);
  });

  it('POST /api/wallet-assets: a live settlement wallet, `settlement` sent as the string "true"', async () => {
    const res = await api('POST', '/api/wallet-assets', {
      key: live.apiKey,
      body: { accountId: live.accountId, ledgerId: 'svc.nzd.main', settlement: 'true' },
    });
    expectExchange(res, WALLET_ASSET);
    expect(res.body).toMatchObject({
      category: 'money',
      type: 'svc.nzd.main',
      liveness: 'main',
      description: 'NZD',
      currency: 'NZD',
      settlement: true,
    });
  });

  it('GET /api/wallet-assets: a bare array, one item per wallet with its ledger', async () => {
    for (const ledgerId of ['svc.nzd.main', 'svc.nzd.main']) {
      expect(
        (await api('POST', '/api/wallet-assets', { key: live.apiKey, body: { accountId: live.accountId, ledgerId } }))
          .status,
      ).toBe(200);
    }
    const res = await api('GET', '/api/wallet-assets', { key: live.apiKey });
    expectExchange(res, [LISTED_WALLET_ASSET]);
    expect(res.body).toHaveLength(3);
  });

  it('GET /api/wallets/{walletId}/transactions: a topped-up wallet lists its top-up', async () => {
    const wallet = await api('POST', '/api/wallet-assets', {
      key: test.apiKey,
      body: { accountId: test.accountId, ledgerId: 'svc.nzd.test' },
    });
    const topup = await api('POST', `/api/wallet-assets/${wallet.body.id}/test-topups`, {
      key: test.apiKey,
      body: { value: { currency: 'NZD', amount: '5000' }, idempotencyKey: 'conformance-topup' },
    });
    expect(topup.status).toBe(200);
    const res = await api('GET', `/api/wallets/${wallet.body.id}/transactions`, { key: test.apiKey });
    expectExchange(res, {
      items: [{ activityNumber: S, amount: S, value: S, createdAt: S, srcParty: S, destWalletId: S, topupId: S }],
    });
    expect(res.body.items[0]).toMatchObject({
      activityNumber: '1',
      amount: '5000',
      value: '5000',
      destWalletId: wallet.body.id,
      topupId: topup.body.id,
    });
  });
});

describe('Wallet Assets: documented errors', () => {
  const walletLimit =
    `POST /api/wallet-assets past ${MAX_WALLETS_PER_LEDGER} wallets of one ledger: ` +
    '403 ACCOUNT_MAX_WALLETS_REACHED';
  it(walletLimit, async () => {
    const owner = await newAccount();
    const create = () =>
      api('POST', '/api/wallet-assets', {
        key: owner.apiKey,
        body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test' },
      });
    for (let i = 0; i < MAX_WALLETS_PER_LEDGER; i++) expect((await create()).status).toBe(200);
    expectError(await create(), 403, 'ACCOUNT_MAX_WALLETS_REACHED');
  }, 60_000);
});
