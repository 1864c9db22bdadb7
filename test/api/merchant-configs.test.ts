import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';

async function merchantOf(owner: TestAccount, test = true) {
  return (
    await api('POST', '/api/merchants', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, name: 'Shop', country: 'NZ', test },
    })
  ).body;
}

describe('merchant configs', () => {
  it('creates a config, assigning a new settlement wallet where walletId is omitted', async () => {
    const owner = await newAccount();
    const merchant = await merchantOf(owner);
    const created = await api('POST', `/api/merchants/${merchant.id}/configs`, {
      key: owner.apiKey,
      body: { paymentOptions: [{ type: 'svc.nzd.test' }], allowedRedirectUrls: ['https://shop.example.com/'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^mc_/);
    const walletId = created.body.paymentOptions[0].walletId;
    const wallet = await api('GET', `/api/assets/${walletId}`, { key: owner.apiKey });
    expect(wallet.body).toMatchObject({
      settlement: true,
      type: 'svc.nzd.test',
      accountId: owner.accountId,
      balance: '0',
    });
    expect((await api('GET', `/api/merchant-configs/${created.body.id}`, { key: owner.apiKey })).body).toEqual(
      created.body,
    );
    expect((await api('GET', `/api/merchants/${merchant.id}/configs`, { key: owner.apiKey })).body).toEqual([
      created.body,
    ]);
    const legacy = await api('GET', `/api/merchants/${merchant.id}/configs/${created.body.id.slice(3)}`, {
      key: owner.apiKey,
    });
    expect(legacy.body).toEqual(created.body);

    const updated = await api('PUT', `/api/merchants/${merchant.id}/configs/${created.body.id}`, {
      key: owner.apiKey,
      body: {
        paymentOptions: [
          { type: 'svc.nzd.test', walletId },
          { type: 'uplinkapi.test', externalMerchantId: 'ext-1' },
        ],
      },
    });
    expect(updated.body.paymentOptions).toHaveLength(2);
    expect(updated.body.allowedRedirectUrls).toBeUndefined();
  });

  it('applies every payment option rule', async () => {
    const owner = await newAccount();
    const merchant = await merchantOf(owner);
    const create = (paymentOptions: unknown[]) =>
      api('POST', `/api/merchants/${merchant.id}/configs`, { key: owner.apiKey, body: { paymentOptions } });
    expect((await create([{ type: 'svc.nzd.main' }])).body.message).toBe('LIVENESS_MISMATCH');
    expect((await create([{ type: 'gold.bars' }])).body.message).toBe(
      'paymentOptions.0.type is not a supported asset type',
    );
    expect((await create([{ type: 'uplinkapi.test' }])).body.message).toBe(
      'paymentOptions.0.externalMerchantId is required for uplinkapi.test',
    );
    expect((await create([{ type: 'svc.ledger.test' }])).body.message).toBe(
      'paymentOptions.0.collectionIds is required for svc.ledger.test',
    );
    expect(
      (await create([{ type: 'svc.ledger.test', collectionIds: ['c_zzNoSuchResourcezzzzzz'] }])).body.message,
    ).toBe('COLLECTIONS_INVALID');
    expect((await create([])).status).toBe(400);
    const spending = await api('POST', '/api/wallet-assets', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test' },
    });
    expect((await create([{ type: 'svc.nzd.test', walletId: spending.body.id }])).body.message).toBe(
      'INVALID_WALLET_TYPE',
    );
    const stranger = await newAccount();
    const foreignSettlement = await api('POST', '/api/wallet-assets', {
      key: stranger.apiKey,
      body: { accountId: stranger.accountId, ledgerId: 'svc.nzd.test', settlement: true },
    });
    expect((await create([{ type: 'svc.nzd.test', walletId: foreignSettlement.body.id }])).body.message).toBe(
      'INVALID_WALLET_TYPE',
    );
    const list = await api('GET', `/api/merchants/${merchant.id}/configs`, { key: owner.apiKey });
    expect(list.body).toEqual([]);
  });

  it("answers another account's configs like missing ones", async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const merchant = await merchantOf(owner);
    const config = (
      await api('POST', `/api/merchants/${merchant.id}/configs`, {
        key: owner.apiKey,
        body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
      })
    ).body;
    expect((await api('GET', `/api/merchant-configs/${config.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', '/api/merchant-configs/mc_none', { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect(
      (
        await api('POST', `/api/merchants/${merchant.id}/configs`, {
          key: stranger.apiKey,
          body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
        })
      ).body,
    ).toEqual(FORBIDDEN);
    expect(
      (
        await api('PUT', `/api/merchants/${merchant.id}/configs/${config.id}`, {
          key: stranger.apiKey,
          body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
        })
      ).body,
    ).toEqual(FORBIDDEN);
  });
});
