import { api, FORBIDDEN, newAccount } from '../support/api';
import { newMerchant } from '../support/payments';

describe('wallet apps and supported wallets', () => {
  it('registers wallet apps and lists those that can pay a merchant', async () => {
    const provider = await newAccount();
    const unique = `app-${Date.now()}`;
    const created = await api('POST', '/api/wallets', {
      key: provider.apiKey,
      body: {
        id: unique,
        name: 'Pay App',
        accountId: provider.accountId,
        payUrl: 'https://pay.example.com/',
        primaryColorHex: '#112233',
        assetTypes: [{ id: 'svc.nzd.test' }],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: unique,
      status: 'active',
      createdByAccountName: expect.stringMatching(/^Test account/),
    });
    const other = await api('POST', '/api/wallets', {
      key: provider.apiKey,
      body: { id: `${unique}-x`, name: 'Other', accountId: provider.accountId, assetTypes: [{ id: 'paypal.test' }] },
    });
    expect(other.status).toBe(200);
    expect(
      (
        await api('POST', '/api/wallets', {
          key: provider.apiKey,
          body: { id: unique, name: 'Again', accountId: provider.accountId, assetTypes: [{ id: 'svc.nzd.test' }] },
        })
      ).body.message,
    ).toBe('WALLET_ALREADY_EXISTS');
    expect(
      (
        await api('POST', '/api/wallets', {
          key: provider.apiKey,
          body: {
            id: `${unique}-y`,
            name: 'x',
            accountId: provider.accountId,
            assetTypes: [{ id: 'svc.nzd.test', collectionId: 'c_zzNoSuchResourcezzzzzz' }],
          },
        })
      ).body.message,
    ).toBe('assetTypes.0.collectionId is only valid for token and ledger asset types');
    expect(
      (
        await api('POST', '/api/wallets', {
          key: provider.apiKey,
          body: {
            id: `${unique}-z`,
            name: 'x',
            accountId: provider.accountId,
            logoMediaUploadId: 'zzNoSuchResourcezzzzzz',
            assetTypes: [{ id: 'svc.nzd.test' }],
          },
        })
      ).body.message,
    ).toBe('MEDIA_UPLOAD_INVALID');

    const merchant = await newMerchant();
    const supported = await api('GET', `/api/merchants/${merchant.merchantId}/supported-wallets`, {
      key: merchant.owner.apiKey,
    });
    const ids = supported.body.map((w: { id: string }) => w.id);
    expect(ids).toContain(unique);
    expect(ids).not.toContain(`${unique}-x`);
    expect(
      (await api('GET', `/api/merchants/${merchant.merchantId}/supported-wallets`, { key: provider.apiKey })).body,
    ).toEqual(FORBIDDEN);
  });
});
