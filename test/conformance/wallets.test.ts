/** Docs page "Wallets": src/content/api/wallets.mdoc and its example exchanges (both experimental). */
import { randomBytes } from 'node:crypto';
import { api, type TestAccount } from '../support/api';
import { uploadLogo } from '../support/media';
import { newMerchant } from '../support/payments';
import { collectionManager, newCollection } from '../support/value';
import { expectExchange, expectShape, S, type ShapeObject } from './support';

const CREATED_WALLET: ShapeObject = {
  id: S,
  createdBy: S,
  createdByAccountName: S,
  createdAt: S,
  status: S,
  url: S,
  merchantId: S,
  logoMediaUploadId: S,
  logoImg: S,
  primaryColorHex: S,
  assetTypes: [{ id: S }],
};

const walletId = () => `payap-${randomBytes(4).toString('hex')}`;

describe('Wallets: documented example exchanges', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    // It issues the token collection its wallet apps name.
    owner = await collectionManager();
  });

  it(
    'POST /api/wallets: a logo upload, asset types named ' + 'without liveness, a token type with a collection',
    async () => {
      const id = walletId();
      // The example's collection ids stand for collections of the wallet's account, its logo for an upload of it.
      const [logo, first, second] = await Promise.all([uploadLogo(owner), newCollection(owner), newCollection(owner)]);
      const res = await api('POST', '/api/wallets', {
        key: owner.apiKey,
        body: {
          id,
          name: 'Payap',
          accountId: owner.accountId,
          connectUrl: 'https://app.payap.com/join',
          payUrl: 'https://app.payap.com/pay',
          logoMediaUploadId: logo,
          primaryColorHex: '#abc123',
          assetTypes: [
            { id: 'svc.nzd' },
            { id: 'svc.token', collectionId: first.id },
            { id: 'svc.token', collectionId: second.id },
          ],
        },
      });
      expectExchange(res, CREATED_WALLET);
      expect(res.body).toMatchObject({ id, status: 'active', url: 'https://app.payap.com/join' });
      expectShape(res.body.assetTypes[1], { id: S, collectionId: S });
    },
  );

  it(
    'GET /api/merchants/{merchantId}/supported-wallets: a wallet naming svc.nzd serves a merchant accepting ' +
      'svc.nzd.test',
    async () => {
      const id = walletId();
      const collection = await newCollection(owner);
      const created = await api('POST', '/api/wallets', {
        key: owner.apiKey,
        body: {
          id,
          name: 'payap',
          accountId: owner.accountId,
          connectUrl: 'https://app.payap.com/join',
          payUrl: 'https://app.payap.com/pay',
          assetTypes: [{ id: 'svc.nzd' }, { id: 'svc.token', collectionId: collection.id }],
        },
      });
      expect(created.status).toBe(200);
      const merchant = await newMerchant();
      const res = await api('GET', `/api/merchants/${merchant.merchantId}/supported-wallets`, {
        key: merchant.owner.apiKey,
        headers: { 'content-type': 'application/json' },
      });
      // Wallet apps are global: other wallets may be listed too (with fewer fields); ours has every documented one.
      expectExchange(res, []);
      expectShape(
        res.body.find((w: { id: string }) => w.id === id),
        { id: S, name: S, accountId: S, connectUrl: S, payUrl: S, assetTypes: [{ id: S }] },
      );
    },
  );
});
