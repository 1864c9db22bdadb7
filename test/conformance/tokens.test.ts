/**
 * Docs page "Tokens": src/content/api/tokens.mdoc and its example exchanges (collections, redemption conditions,
 * tokens).
 */
import { api, newAccount, type TestAccount } from '../support/api';
import { uploadLogo } from '../support/media';
import { newMerchant, nzd } from '../support/payments';
import { collectionManager, newCollection, uniqueKey } from '../support/value';
import { B, except, expectError, expectExchange, S, type ShapeObject } from './support';

const MONEY = { currency: S, amount: S } as const;

const COLLECTION: ShapeObject = {
  id: S,
  name: S,
  accountId: S,
  tokenExpiresAfter: { period: S, duration: S },
  maxValue: MONEY,
  test: B,
  type: S,
  status: S,
  createdBy: S,
  createdAt: S,
  mediaUploadId: S,
  img: S,
  issuer: S,
};

const PRODUCTS = [
  { sku: '100001', name: 'White Bread', maxValue: nzd('400') },
  { sku: '100002', name: 'Sourdough Bread', maxValue: nzd('800') },
];

const CONDITION: ShapeObject = {
  id: S,
  merchantId: S,
  collectionId: S,
  allowedProducts: [{ sku: S, name: S, maxValue: MONEY }],
  createdAt: S,
  createdBy: S,
};

const TOKEN: ShapeObject = {
  id: S,
  accountId: S,
  category: S,
  collectionId: S,
  status: S,
  createdAt: S,
  activeFrom: S,
  expiresAt: S,
  liveness: S,
  createdBy: S,
  description: S,
  issuerImg: S,
  img: S,
  issuer: S,
  issuerWebsite: S,
  type: S,
  externalId: S,
};

/** Fields the tokens group does not (yet) make: see docs/conformance.md. */
const NO_ISSUER_WEBSITE = { issuerWebsite: 'no issuer website is kept (a business would carry it)' };

let issuer: TestAccount;
beforeAll(async () => {
  issuer = await collectionManager();
});

describe('Tokens: documented example exchanges', () => {
  it('POST /api/collections', async () => {
    // The example's mediaUploadId ("12345") stands for a branding-logo upload of the account.
    const logo = await uploadLogo(issuer);
    const res = await api('POST', '/api/collections', {
      key: issuer.apiKey,
      body: {
        name: 'Bread',
        accountId: issuer.accountId,
        tokenExpiresAfter: { period: 'month', duration: '1' },
        maxValue: nzd('400'),
        type: 'product',
        mediaUploadId: logo,
        externalId: uniqueKey('ABC'),
      },
    });
    expectExchange(res, { ...COLLECTION, externalId: S });
  });

  it('GET /api/accounts/{accountId}/collections: a page and the next', async () => {
    const owner = await collectionManager();
    const logo = await uploadLogo(owner);
    for (let i = 0; i < 2; i++) await newCollection(owner, { mediaUploadId: logo });
    const first = await api('GET', `/api/accounts/${owner.accountId}/collections?paginationLimit=1`, {
      key: owner.apiKey,
    });
    expectExchange(first, { nextPageKey: S, items: [COLLECTION] });
    const next = await api(
      'GET',
      `/api/accounts/${owner.accountId}/collections?paginationLimit=1` +
        `&pageKey=${encodeURIComponent(first.body.nextPageKey)}`,
      { key: owner.apiKey },
    );
    expectExchange(next, { items: [COLLECTION] });
  });

  it('POST /api/collections/{collectionId}/redemption-conditions', async () => {
    const [collection, merchant] = await Promise.all([newCollection(issuer, { maxValue: nzd('800') }), newMerchant()]);
    const res = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
      key: issuer.apiKey,
      body: { merchantId: merchant.merchantId, allowedProducts: PRODUCTS },
    });
    expectExchange(res, CONDITION);
  });

  it(
    'POST ' + '/api/collections/{collectionId}/redemption-conditions/{redemptionConditionId}/set-allowed-products',
    async () => {
      const [collection, merchant] = await Promise.all([
        newCollection(issuer, { maxValue: nzd('800') }),
        newMerchant(),
      ]);
      const condition = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
        key: issuer.apiKey,
        body: { merchantId: merchant.merchantId, allowedProducts: [PRODUCTS[0]] },
      });
      const res = await api(
        'POST',
        `/api/collections/${collection.id}/redemption-conditions/${condition.body.id}/set-allowed-products`,
        {
          key: issuer.apiKey,
          body: { allowedProducts: PRODUCTS },
        },
      );
      expectExchange(res, { ...CONDITION, updatedAt: S, updatedBy: S });
    },
  );

  it('POST /api/tokens', async () => {
    // The example's images stand for the collection's branding logo.
    const collection = await newCollection(issuer, { mediaUploadId: await uploadLogo(issuer) });
    const res = await api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId: collection.id, idempotencyKey: uniqueKey('payment'), externalId: uniqueKey('234') },
    });
    expectExchange(res, except(TOKEN, NO_ISSUER_WEBSITE));
  });
});

describe('Tokens: documented errors', () => {
  it('POST /api/collections with an externalId the account used: 403 EXTERNAL_ID_ALREADY_USED', async () => {
    const externalId = uniqueKey('ABC');
    await newCollection(issuer, { externalId });
    expectError(
      await api('POST', '/api/collections', {
        key: issuer.apiKey,
        body: { name: 'Again', accountId: issuer.accountId, type: 'product', externalId },
      }),
      403,
      'EXTERNAL_ID_ALREADY_USED',
    );
  });

  describe('POST …/redemption-conditions', () => {
    it("a product above the collection's maxValue: 403 INVALID_AMOUNT", async () => {
      const [collection, merchant] = await Promise.all([
        newCollection(issuer, { maxValue: nzd('400') }),
        newMerchant(),
      ]);
      const res = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
        key: issuer.apiKey,
        body: { merchantId: merchant.merchantId, allowedProducts: PRODUCTS },
      });
      expectError(res, 403, 'INVALID_AMOUNT');
    });
    it('a second condition for the merchant: 403 REDEMPTION_CONDITION_ALREADY_EXISTS', async () => {
      const [collection, merchant] = await Promise.all([
        newCollection(issuer, { maxValue: nzd('800') }),
        newMerchant(),
      ]);
      const create = () =>
        api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
          key: issuer.apiKey,
          body: { merchantId: merchant.merchantId, allowedProducts: PRODUCTS },
        });
      expect((await create()).status).toBe(200);
      expectError(await create(), 403, 'REDEMPTION_CONDITION_ALREADY_EXISTS');
    });
    it('a collection not of type product: 403 COLLECTION_INVALID_TYPE', async () => {
      const [collection, merchant] = await Promise.all([
        newCollection(issuer, { type: 'discount', maxValue: nzd('800') }),
        newMerchant(),
      ]);
      const res = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
        key: issuer.apiKey,
        body: { merchantId: merchant.merchantId, allowedProducts: PRODUCTS },
      });
      expectError(res, 403, 'COLLECTION_INVALID_TYPE');
    });
  });

  it("POST …/set-allowed-products above the collection's maxValue: 403 INVALID_AMOUNT", async () => {
    const [collection, merchant] = await Promise.all([newCollection(issuer, { maxValue: nzd('800') }), newMerchant()]);
    const condition = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
      key: issuer.apiKey,
      body: { merchantId: merchant.merchantId, allowedProducts: PRODUCTS },
    });
    const res = await api(
      'POST',
      `/api/collections/${collection.id}/redemption-conditions/${condition.body.id}/set-allowed-products`,
      {
        key: issuer.apiKey,
        body: { allowedProducts: [{ sku: 'x', name: 'Cake', maxValue: nzd('801') }] },
      },
    );
    expectError(res, 403, 'INVALID_AMOUNT');
  });

  describe('POST /api/tokens', () => {
    it('an idempotencyKey used before: 403 TOKEN_ALREADY_CREATED', async () => {
      const collection = await newCollection(issuer);
      const idempotencyKey = uniqueKey('payment');
      const issue = () =>
        api('POST', '/api/tokens', { key: issuer.apiKey, body: { collectionId: collection.id, idempotencyKey } });
      expect((await issue()).status).toBe(200);
      expectError(await issue(), 403, 'TOKEN_ALREADY_CREATED');
    });
    it('into an account of the other liveness: 403 LIVENESS_MISMATCH', async () => {
      const [collection, live] = await Promise.all([newCollection(issuer), newAccount({ test: false })]);
      const res = await api('POST', '/api/tokens', {
        key: issuer.apiKey,
        body: { collectionId: collection.id, idempotencyKey: uniqueKey(), accountId: live.accountId },
      });
      expectError(res, 403, 'LIVENESS_MISMATCH');
    });
  });
});
