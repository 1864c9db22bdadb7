import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';

async function newWallet(owner: TestAccount, ledgerId = 'svc.nzd.test', settlement?: boolean) {
  const res = await api('POST', '/api/wallet-assets', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, ledgerId, settlement },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const topup = (owner: TestAccount, assetId: string, amount: string, idempotencyKey: string) =>
  api('POST', `/api/wallet-assets/${assetId}/test-topups`, {
    key: owner.apiKey,
    body: { value: { currency: 'NZD', amount }, idempotencyKey },
  });

describe('wallet assets and test money', () => {
  it('creates a wallet with a zero balance and lists it', async () => {
    const owner = await newAccount();
    const wallet = await newWallet(owner);
    expect(wallet).toMatchObject({
      accountId: owner.accountId,
      category: 'money',
      type: 'svc.nzd.test',
      currency: 'NZD',
      balance: '0',
      settlement: false,
      status: 'active',
      liveness: 'test',
    });
    const list = await api('GET', '/api/wallet-assets', { key: owner.apiKey });
    expect(list.body.map((w: { id: string }) => w.id)).toEqual([wallet.id]);
  });

  it('refuses live ledgers on a test account and unknown ledgers', async () => {
    const owner = await newAccount();
    const live = await api('POST', '/api/wallet-assets', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, ledgerId: 'svc.nzd.main' },
    });
    expect(live.body).toEqual({ ...FORBIDDEN, message: 'LIVENESS_MISMATCH' });
    const unknown = await api('POST', '/api/wallet-assets', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, ledgerId: 'svc.gold.test' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^ledgerId must be a money ledger/);
  });

  it('funds a test wallet once per idempotency key and records both ledger sides', async () => {
    const owner = await newAccount();
    const wallet = await newWallet(owner);
    const first = await topup(owner, wallet.id, '5000', 'fund-1');
    expect(first.status).toBe(200);
    const retries = await Promise.all(Array.from({ length: 10 }, () => topup(owner, wallet.id, '5000', 'fund-1')));
    for (const retry of retries) expect(retry.body).toEqual(first.body);
    const other = await topup(owner, wallet.id, '700', 'fund-2');
    expect(other.status).toBe(200);
    const mismatch = await topup(owner, wallet.id, '1', 'fund-1');
    expect(mismatch.body).toEqual({ ...FORBIDDEN, message: 'IDEMPOTENT_OPERATION_FAILED' });

    const asset = await api('GET', `/api/assets/${wallet.id}`, { key: owner.apiKey });
    expect(asset.body.balance).toBe('5700');
    const history = await api('GET', `/api/wallets/${wallet.id}/transactions?paginationLimit=1`, { key: owner.apiKey });
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({
      kind: 'test-topup',
      amount: '700',
      value: '700',
      destWalletId: wallet.id,
    });
    const page2 = await api(
      'GET',
      `/api/wallets/${wallet.id}/transactions?paginationLimit=1` +
        `&pageKey=${encodeURIComponent(history.body.nextPageKey)}`,
      { key: owner.apiKey },
    );
    expect(page2.body.items[0]).toMatchObject({ amount: '5000' });
    expect(page2.body.nextPageKey).toBeUndefined();
  });

  it('rejects bad amounts, settlement wallets and foreign callers', async () => {
    const owner = await newAccount();
    const wallet = await newWallet(owner);
    for (const amount of ['-5', '1.5', '0', 'abc', '99999999999']) {
      const res = await topup(owner, wallet.id, amount, `bad-${amount}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^value\.amount/);
    }
    const settlement = await newWallet(owner, 'svc.nzd.test', true);
    expect((await topup(owner, settlement.id, '100', 's')).body.message).toBe('INVALID_WALLET_TYPE');
    const stranger = await newAccount();
    expect((await topup(stranger, wallet.id, '100', 'x')).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/assets/${wallet.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/wallets/${wallet.id}/transactions`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect((await api('GET', `/api/assets/${wallet.id}`, { key: owner.apiKey })).body.balance).toBe('0');
  });
});
