import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { authorize, newConnection, newWalletApp, uniqueWalletId } from '../support/channels';
import { newMerchant, newPaymentRequest, type MerchantSetup } from '../support/payments';
import { ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const SUMMARY_FIELDS = ['createdAt', 'createdByAccountName', 'id', 'merchantId', 'status', 'url'];

describe('connections', () => {
  let merchant: MerchantSetup;
  let stranger: TestAccount;
  beforeAll(async () => {
    [merchant, stranger] = await Promise.all([newMerchant(), newAccount()]);
  }, 30_000);

  it('asks to connect a merchant, shows its summary without a key, and is authorized by a wallet app', async () => {
    const account = (await api('GET', `/api/accounts/${merchant.owner.accountId}`, { key: merchant.owner.apiKey }))
      .body;
    const created = await api('POST', '/api/connections', {
      key: merchant.owner.apiKey,
      body: { merchantId: merchant.merchantId },
    });
    expect(created.body).toEqual({
      id: expect.stringMatching(/^cn_[1-9A-HJ-NP-Za-km-z]{22}$/),
      createdBy: expect.stringMatching(/^crn:/),
      createdByAccountName: account.name,
      createdAt: expect.any(String),
      status: 'created',
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/connect/${created.body.id}$`)),
      merchantId: merchant.merchantId,
      test: true,
    });
    const { id } = created.body;

    const summary = await api('GET', `/api/connections/${id}/summary`);
    expect(summary.body).toEqual({
      id,
      status: 'created',
      url: created.body.url,
      merchantId: merchant.merchantId,
      createdByAccountName: account.name,
      createdAt: created.body.createdAt,
    });

    const wallet = await newWalletApp();
    const authorized = await authorize(id, wallet);
    expect(authorized.body).toEqual({
      ...created.body,
      status: 'authorized',
      walletId: wallet.id,
      walletName: wallet.name,
      updatedAt: expect.any(String),
      updatedBy: expect.stringMatching(new RegExp(`^crn:${wallet.owner.accountId}:`)),
    });
    // Again with the same wallet: the connection as it is, nothing written.
    const again = await authorize(id, wallet);
    expect(again.body).toEqual(authorized.body);
    expect(written(again)).toEqual([]);
    // The summary says authorized and still shows no wallet, account or creator key.
    const after = await api('GET', `/api/connections/${id}/summary`);
    expect(after.body).toEqual({ ...summary.body, status: 'authorized' });
    expect(Object.keys(after.body).sort()).toEqual(SUMMARY_FIELDS);
  });

  it(
    'opens its url as a page: the approved wallet apps of its liveness, each linked into its connect flow; then ' +
      'the one that has it',
    async () => {
      const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
      const wallet = await newWalletApp();
      const live = await newAccount({ test: false });
      const liveWallet = await ok(
        api('POST', '/api/wallets', {
          key: live.apiKey,
          body: {
            id: uniqueWalletId(),
            name: 'Live Wallet',
            accountId: live.accountId,
            connectUrl: 'https://live-wallet.example.com/connect',
            assetTypes: [{ id: 'svc.nzd' }],
          },
        }),
      );
      // Other accounts' apps are offered once the operator approves them (references.test.ts covers the rule).
      for (const id of [wallet.id, liveWallet.id])
        await ok(api('PUT', `/api/wallets/${id}/approval`, { key: seed().operatorApiKey, body: { approved: true } }));
      const path = new URL(connection.url).pathname;
      const page = await api('GET', path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(page.body).toContain('Connect a wallet to Test Cafe');
      expect(page.body).toContain(`href="https://wallet.example.com/connect?connectionId=${connection.id}"`);
      expect(page.body).not.toContain('live-wallet.example.com');
      expect(page.body).not.toContain('<script');

      await ok(authorize(connection.id, wallet));
      const after = await api('GET', path);
      expect(after.status).toBe(200);
      expect(after.body).toContain(`Connected with ${wallet.name}.`);
      expect(after.body).not.toContain('connectionId=');

      const missing = await api('GET', '/connect/cn_NoSuchConnection0000000');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('Connection not found');
    },
  );

  it('lets no other wallet take an authorized connection over (CONNECTION_ALREADY_AUTHORIZED)', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    await ok(authorize(connection.id, await newWalletApp()));
    const res = await authorize(connection.id, await newWalletApp());
    expect(res.body).toEqual(refused('CONNECTION_ALREADY_AUTHORIZED'));
    expect(written(res)).toEqual([]);
  });

  it('refuses a live wallet app for a test merchant (LIVENESS_MISMATCH)', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    const res = await authorize(connection.id, await newWalletApp(await newAccount({ test: false })));
    expect(res.body).toEqual(refused('LIVENESS_MISMATCH'));
    expect(written(res)).toEqual([]);
  });

  it(
    'refuses another account’s wallet, a missing wallet or connection, and another account’s merchant, writing ' +
      'nothing',
    async () => {
      const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
      const theirs = await newWalletApp();
      const mine = await newWalletApp(stranger);
      for (const [connectionId, walletId] of [
        [connection.id, theirs.id],
        [connection.id, 'no-such-wallet-app'],
        ['cn_zzNoSuchResourcezzzzzz', mine.id],
      ]) {
        const res = await api('POST', `/api/connections/${connectionId}/authorize`, {
          key: stranger.apiKey,
          body: { walletId },
        });
        expect([connectionId, walletId, res.body]).toEqual([connectionId, walletId, FORBIDDEN]);
        expect(written(res)).toEqual([]);
      }
      const foreign = await api('POST', '/api/connections', {
        key: stranger.apiKey,
        body: { merchantId: merchant.merchantId },
      });
      expect(foreign.body).toEqual(FORBIDDEN);
      expect(written(foreign)).toEqual([]);
      expect(
        (
          await api('POST', '/api/connections', {
            key: stranger.apiKey,
            body: { merchantId: 'zzNoSuchResourcezzzzzz' },
          })
        ).body,
      ).toEqual(FORBIDDEN);
      expect((await api('GET', '/api/connections/cn_NoSuchConnection0000000/summary')).body).toEqual(FORBIDDEN);
      expect((await api('GET', `/api/connections/${connection.id}/summary`)).body.status).toBe('created');
    },
  );

  it('validates bodies', async () => {
    expect((await api('POST', '/api/connections', { key: merchant.owner.apiKey, body: {} })).body.message).toBe(
      'merchantId is required',
    );
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    expect(
      (await api('POST', `/api/connections/${connection.id}/authorize`, { key: merchant.owner.apiKey, body: {} })).body
        .message,
    ).toBe('walletId is required');
  });

  it('lets a merchant terminal ask to connect its own account’s merchant; only owners authorize', async () => {
    const terminal = await ok(
      api('POST', `/api/accounts/${merchant.owner.accountId}/api-keys`, {
        key: merchant.owner.apiKey,
        body: { name: `t${Date.now()}`, role: 'merchant-terminal' },
      }),
    );
    const connection = await newConnection(terminal.secret, merchant.merchantId);
    expect(connection.status).toBe('created');
    const wallet = await newWalletApp(merchant.owner);
    const res = await api('POST', `/api/connections/${connection.id}/authorize`, {
      key: terminal.secret,
      body: { walletId: wallet.id },
    });
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
  });

  describe('on payment requests', () => {
    it('carries the connection’s status: created, then active once authorized', async () => {
      const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
      const before = await newPaymentRequest(merchant, { connectionId: connection.id });
      expect(before).toMatchObject({ connectionId: connection.id, connectionStatus: 'created' });
      await ok(authorize(connection.id, await newWalletApp()));
      const after = await newPaymentRequest(merchant, { connectionId: connection.id });
      expect(after).toMatchObject({ connectionId: connection.id, connectionStatus: 'active' });
      expect(
        (await api('GET', `/api/payment-requests/${after.id}`, { key: merchant.owner.apiKey })).body,
      ).toMatchObject({ connectionId: connection.id, connectionStatus: 'active' });
    });

    it('refuses a missing connection, another merchant’s, and one another account made, writing nothing', async () => {
      const other = await ok(
        api('POST', '/api/merchants', {
          key: merchant.owner.apiKey,
          body: { accountId: merchant.owner.accountId, name: 'Other', country: 'NZ', test: true },
        }),
      );
      const cases: [string, string][] = [
        ['cn_zzNoSuchResourcezzzzzz', 'CONNECTION_NOT_FOUND'],
        [(await newConnection(merchant.owner.apiKey, other.id)).id, 'CONNECTION_MERCHANT_MISMATCH'],
        [(await newConnection(seed().operatorApiKey, merchant.merchantId)).id, 'CONNECTION_CREATED_BY_MISMATCH'],
      ];
      for (const [connectionId, code] of cases) {
        const res = await api('POST', '/api/payment-requests', {
          key: merchant.owner.apiKey,
          body: { configId: merchant.configId, value: { currency: 'NZD', amount: '100' }, connectionId },
        });
        expect([code, res.body]).toEqual([code, refused(code)]);
        expect(written(res)).toEqual([]);
      }
    });
  });
});

describe('GET /api/connections/{connectionId}/latest-payment-request', () => {
  let merchant: MerchantSetup;
  beforeAll(async () => {
    merchant = await newMerchant();
  }, 30_000);

  const latest = (connectionId: string, key: string) =>
    api('GET', `/api/connections/${connectionId}/latest-payment-request`, { key });

  it('answers the newest request naming the connection to the account whose wallet app authorized it', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    const wallet = await newWalletApp();
    await ok(authorize(connection.id, wallet));
    // Another connection's request is not this one's.
    const other = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    await newPaymentRequest(merchant, { connectionId: connection.id });
    const newest = await newPaymentRequest(merchant, { connectionId: connection.id });
    await newPaymentRequest(merchant, { connectionId: other.id });
    await newPaymentRequest(merchant);

    const res = await latest(connection.id, wallet.owner.apiKey);
    expect(res.body).toMatchObject({
      id: newest.id,
      shortCode: newest.shortCode,
      connectionId: connection.id,
      connectionStatus: 'active',
      status: 'new',
    });
    expect((await latest(connection.id, seed().operatorApiKey)).body).toMatchObject({ id: newest.id });
  });

  it('is FORBIDDEN to anyone else, before a wallet authorized it, and before any request named it', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    // Not yet authorized: no wallet's account to answer.
    await newPaymentRequest(merchant, { connectionId: connection.id });
    expect((await latest(connection.id, merchant.owner.apiKey)).body).toEqual(FORBIDDEN);

    const wallet = await newWalletApp();
    await ok(authorize(connection.id, wallet));
    const stranger = await newAccount();
    for (const key of [merchant.owner.apiKey, stranger.apiKey]) {
      expect((await latest(connection.id, key)).body).toEqual(FORBIDDEN);
    }
    expect((await latest(connection.id, wallet.owner.apiKey)).status).toBe(200);

    const unused = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    await ok(authorize(unused.id, wallet));
    expect((await latest(unused.id, wallet.owner.apiKey)).body).toEqual(FORBIDDEN);
    expect((await latest('cn_zzNoSuchConnectionzzzz', wallet.owner.apiKey)).body).toEqual(FORBIDDEN);
  });
});
