/**
 * Docs page "Assets": src/content/api/assets.mdoc. We serve get, summary, list by account, archive and get by
 * external id; transactions are on the asset-activities page. Tokens are the assets with the docs' token fields;
 * giftcard and other external categories are not held by the platform.
 */
import { api, newAccount } from '../support/api';
import { logoForm } from '../support/media';
import { newPayer } from '../support/payments';
import { collectionManager, newCollection, newToken, ok, uniqueKey } from '../support/value';
import { except, expectError, expectExchange, S, type ShapeObject } from './support';

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

/** Token fields a token does not carry here: its branding is its collection's (its name, its issuer). */
const NOT_ON_TOKENS = {
  issuerWebsite: 'collections have no website',
  mediaUploadId: "the upload is the collection's, not the token's",
};

describe('Assets: documented example exchanges', () => {
  let issuer: Awaited<ReturnType<typeof collectionManager>>;
  let collectionId: string;
  beforeAll(async () => {
    issuer = await collectionManager();
    const logo = await ok(api('POST', '/api/media-uploads', { key: issuer.apiKey, form: logoForm() }));
    collectionId = (await newCollection(issuer, { mediaUploadId: logo.id })).id;
  });

  it('GET /api/assets/{assetId}: a token, with every field the example shows that a token has', async () => {
    const token = await newToken(issuer, collectionId);
    const res = await api('GET', `/api/assets/${token.id}`, { key: issuer.apiKey });
    expectExchange(res, except(TOKEN_ASSET, NOT_ON_TOKENS));
  });

  it('GET /api/assets/{assetId}: a money asset, with the example fields a money asset has', async () => {
    const owner = await newAccount();
    const wallet = await api('POST', '/api/wallet-assets', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test' },
    });
    const res = await api('GET', `/api/assets/${wallet.body.id}`, { key: owner.apiKey });
    const tokenOnly = Object.keys(TOKEN_ASSET).filter(
      (field) => !['id', 'accountId', 'category', 'type'].includes(field),
    );
    const notMoney = ['liveness', 'createdAt', 'status', 'description'];
    expectExchange(
      res,
      except(
        TOKEN_ASSET,
        Object.fromEntries(
          tokenOnly.filter((field) => !notMoney.includes(field)).map((field) => [field, 'token fields']),
        ),
      ),
    );
    // The money fields the wallet-assets page documents for the same asset.
    expectExchange(res, { currency: S, balance: S, availableBalance: S });
  });

  it('GET /api/assets/{assetId}/summary (no authentication)', async () => {
    const token = await newToken(issuer, collectionId);
    const res = await api('GET', `/api/assets/${token.id}/summary`);
    expectExchange(res, { id: S, issuer: S, description: S, expiresAt: S, img: S, liveness: S });
  });

  it('GET /api/accounts/{accountId}/assets: money and tokens (giftcards are not held here)', async () => {
    const owner = await newPayer('2000');
    const externalId = uniqueKey('ext');
    await newToken(issuer, collectionId, { accountId: owner.accountId, externalId });
    const res = await api('GET', `/api/accounts/${owner.accountId}/assets`, { key: owner.apiKey });
    const token = res.body.items.find((item: { category: string }) => item.category === 'token');
    const money = res.body.items.find((item: { category: string }) => item.category === 'money');
    expectExchange(
      { ...res, body: token },
      { id: S, accountId: S, type: S, description: S, category: S, expiresAt: S, createdAt: S },
    );
    expectExchange(
      { ...res, body: money },
      {
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
      },
    );
    const byExternalId = await api('GET', `/api/accounts/${owner.accountId}/assets?externalId=${externalId}`, {
      key: owner.apiKey,
    });
    expectExchange(byExternalId, { items: [{ id: S, category: S, type: S }] });
  });

  it('POST /api/assets/{assetId}/archive: a token; a money asset is UNSUPPORTED_ASSET_TYPE', async () => {
    const token = await newToken(issuer, collectionId);
    const res = await api('POST', `/api/assets/${token.id}/archive`, { key: issuer.apiKey });
    // The archive example shows neither img nor mediaUploadId.
    const { mediaUploadId: _uploaded, img: _img, ...archived } = TOKEN_ASSET;
    const { issuerWebsite } = NOT_ON_TOKENS;
    expectExchange(res, except(archived, { issuerWebsite }));
    expect(res.body.status).toBe('archived');
    const owner = await newPayer('0');
    expectError(
      await api('POST', `/api/assets/${owner.walletId}/archive`, { key: owner.apiKey }),
      403,
      'UNSUPPORTED_ASSET_TYPE',
    );
  });

  it('GET /api/assets/{assetType}/external-id/{externalId}: a token', async () => {
    const externalId = uniqueKey('ext');
    await newToken(issuer, collectionId, { externalId });
    const res = await api('GET', `/api/assets/svc.token.test/external-id/${externalId}`, { key: issuer.apiKey });
    const moneyFields = {
      currency: 'a token holds one unit; its value is not money',
      balance: 'as currency',
      initialBalance: 'as currency',
      availableBalance: 'as currency',
      settlement: 'money assets only',
      approvalId: 'money assets only',
      bankAccountId: 'money assets only',
      name: 'not a field of tokens',
      period: 'budget assets are not held by the platform',
      periodStartedAt: 'as period',
      periodEndingAt: 'as period',
    };
    expectExchange(
      res,
      except(
        {
          id: S,
          accountId: S,
          category: S,
          type: S,
          liveness: S,
          description: S,
          createdAt: S,
          status: S,
          expiresAt: S,
          activeFrom: S,
          ...Object.fromEntries(Object.keys(moneyFields).map((field) => [field, S])),
        },
        moneyFields,
      ),
    );
  });
});
