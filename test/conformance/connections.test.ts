/** Docs page "Connections": src/content/api/connections.mdoc and its example exchanges (experimental). */
import { api } from '../support/api';
import { newConnection, newWalletApp } from '../support/channels';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { expectExchange, S, type ShapeObject } from './support';

const CREATED: ShapeObject = {
  id: S,
  createdBy: S,
  createdByAccountName: S,
  createdAt: S,
  status: S,
  url: S,
  merchantId: S,
};
const AUTHORIZED: ShapeObject = {
  id: S,
  createdBy: S,
  createdByAccountName: S,
  createdAt: S,
  status: S,
  url: S,
  updatedBy: S,
  updatedAt: S,
  walletId: S,
  walletName: S,
};
const SUMMARY: ShapeObject = { id: S, status: S, url: S, merchantId: S, createdByAccountName: S, createdAt: S };

describe('Connections: documented example exchanges', () => {
  let merchant: MerchantSetup;
  beforeAll(async () => {
    merchant = await newMerchant();
  }, 30_000);

  it('POST /api/connections', async () => {
    const res = await api('POST', '/api/connections', {
      key: merchant.owner.apiKey,
      body: { merchantId: merchant.merchantId },
    });
    expectExchange(res, CREATED);
    expect(res.body.status).toBe('created');
  });

  it('POST /api/connections/{connectionId}/authorize', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    const wallet = await newWalletApp();
    const res = await api('POST', `/api/connections/${connection.id}/authorize`, {
      key: wallet.owner.apiKey,
      body: { walletId: wallet.id },
    });
    expectExchange(res, AUTHORIZED);
    expect(res.body).toMatchObject({ status: 'authorized', walletId: wallet.id });
  });

  it('GET /api/connections/{connectionId}/summary (no key)', async () => {
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    const res = await api('GET', `/api/connections/${connection.id}/summary`);
    expectExchange(res, SUMMARY);
    expect(res.body.status).toBe('created');
  });
});
