/**
 * Docs page "Assets": src/content/api/assets.mdoc. Of its endpoints we serve only Get Asset;
 * summary, list by account, archive, by external id and transactions are not served.
 */
import { api, newAccount } from '../support/api';
import { except, expectExchange, S, type ShapeObject } from './support';

/** The documented example is a token asset. */
const TOKEN_ASSET: ShapeObject = {
  id: S,
  accountId: S,
  category: S,
  type: S,
  liveness: S,
  createdAt: S,
  status: S,
  activeFrom: S,
  expiresAt: S,
  description: S,
  collectionId: S,
  collectionType: S,
  issuerImg: S,
  img: S,
  issuer: S,
  issuerWebsite: S,
  mediaUploadId: S,
};

const NO_TOKENS =
  'token fields: the platform issues no token assets (POST /api/tokens is not served), only money wallet assets';

describe('Assets: documented example exchanges', () => {
  it('GET /api/assets/{assetId}: every field the example shows that a money asset has', async () => {
    const owner = await newAccount();
    const wallet = await api('POST', '/api/wallet-assets', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test' },
    });
    const res = await api('GET', `/api/assets/${wallet.body.id}`, { key: owner.apiKey });
    const tokenOnly = [
      'activeFrom',
      'expiresAt',
      'collectionId',
      'collectionType',
      'issuerImg',
      'img',
      'issuer',
      'issuerWebsite',
      'mediaUploadId',
    ];
    expectExchange(res, except(TOKEN_ASSET, Object.fromEntries(tokenOnly.map((field) => [field, NO_TOKENS]))));
    // The money fields the wallet-assets page documents for the same asset.
    expectExchange(res, { currency: S, balance: S, availableBalance: S });
  });
});
