import { findToken } from '../../functions/tokens';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { logoForm } from '../support/media';
import { newMerchant, nzd, type MerchantSetup } from '../support/payments';
import { collectionManager, newCollection, newCondition, newToken, ok, uniqueKey, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });

describe('token collections', () => {
  let issuer: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [issuer, stranger] = await Promise.all([collectionManager(), collectionManager()]);
  });

  it('creates a collection with the documented fields', async () => {
    const logo = await ok(api('POST', '/api/media-uploads', { key: issuer.apiKey, form: logoForm() }));
    const res = await api('POST', '/api/collections', {
      key: issuer.apiKey,
      body: {
        name: 'Bread',
        accountId: issuer.accountId,
        tokenExpiresAfter: { period: 'month', duration: '1' },
        maxValue: nzd('400'),
        type: 'product',
        mediaUploadId: logo.id,
        externalId: 'ABC',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^c_[1-9A-HJ-NP-Za-km-z]{22}$/),
      name: 'Bread',
      accountId: issuer.accountId,
      tokenExpiresAfter: { period: 'month', duration: '1' },
      maxValue: nzd('400'),
      test: true,
      type: 'product',
      status: 'active',
      createdBy: expect.stringMatching(/^crn:/),
      createdAt: expect.any(String),
      mediaUploadId: logo.id,
      img: expect.stringMatching(new RegExp(`/media/${logo.id}$`)),
      issuer: expect.any(String),
      externalId: 'ABC',
    });
  });

  it('keeps externalId unique per account (EXTERNAL_ID_ALREADY_USED), not across accounts', async () => {
    const externalId = uniqueKey('campaign');
    await newCollection(issuer, { externalId });
    const again = await api('POST', '/api/collections', {
      key: issuer.apiKey,
      body: { name: 'Again', accountId: issuer.accountId, type: 'product', externalId },
    });
    expect(again.body).toEqual(refused('EXTERNAL_ID_ALREADY_USED'));
    expect(written(again)).toEqual([]);
    await newCollection(stranger, { externalId });
  });

  it('needs maxValue for a discount collection and a valid expiry rule', async () => {
    const discount = await api('POST', '/api/collections', {
      key: issuer.apiKey,
      body: { name: 'Off', accountId: issuer.accountId, type: 'discount' },
    });
    expect(discount.status).toBe(400);
    const badPeriod = await api('POST', '/api/collections', {
      key: issuer.apiKey,
      body: {
        name: 'X',
        accountId: issuer.accountId,
        type: 'product',
        tokenExpiresAfter: { period: 'fortnight', duration: '1' },
      },
    });
    expect(badPeriod.status).toBe(400);
  });

  it('refuses accounts without the collection-manager subscription and other accounts, writing nothing', async () => {
    const plain = await newAccount();
    const own = await api('POST', '/api/collections', {
      key: plain.apiKey,
      body: { name: 'Bread', accountId: plain.accountId, type: 'product' },
    });
    expect(own.body).toEqual(FORBIDDEN);
    expect(written(own)).toEqual([]);
    const foreign = await api('POST', '/api/collections', {
      key: stranger.apiKey,
      body: { name: 'Bread', accountId: issuer.accountId, type: 'product' },
    });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    expect((await api('GET', `/api/accounts/${issuer.accountId}/collections`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  it('lists an account’s collections newest first, in pages', async () => {
    const owner = await collectionManager();
    const [first, second] = [
      await newCollection(owner, { name: 'First' }),
      await newCollection(owner, { name: 'Second' }),
    ];
    const page1 = await api('GET', `/api/accounts/${owner.accountId}/collections?paginationLimit=1`, {
      key: owner.apiKey,
    });
    expect(page1.body.items.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const page2 = await api(
      'GET',
      `/api/accounts/${owner.accountId}/collections?paginationLimit=1` +
        `&pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
      { key: owner.apiKey },
    );
    expect(page2.body).toEqual({ items: [first] });
  });
});

describe('redemption conditions', () => {
  let issuer: TestAccount;
  let stranger: TestAccount;
  let merchant: MerchantSetup;
  let collection: { id: string };
  const products = [
    { sku: '100001', name: 'White Bread', maxValue: nzd('400') },
    { sku: '100002', name: 'Sourdough Bread', maxValue: nzd('800') },
  ];
  beforeAll(async () => {
    [issuer, stranger, merchant] = await Promise.all([collectionManager(), collectionManager(), newMerchant()]);
    collection = await newCollection(issuer, { maxValue: nzd('800') });
  });

  it('creates one condition per collection and merchant', async () => {
    const res = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
      key: issuer.apiKey,
      body: { merchantId: merchant.merchantId, allowedProducts: products },
    });
    expect(res.body).toEqual({
      id: expect.any(String),
      merchantId: merchant.merchantId,
      collectionId: collection.id,
      allowedProducts: products,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
    });
    const again = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
      key: issuer.apiKey,
      body: { merchantId: merchant.merchantId, allowedProducts: products },
    });
    expect(again.body).toEqual(refused('REDEMPTION_CONDITION_ALREADY_EXISTS'));
    expect(written(again)).toEqual([]);
  });

  it(
    'refuses a product above the collection’s maxValue (INVALID_AMOUNT) and non-product collections ' +
      '(COLLECTION_INVALID_TYPE)',
    async () => {
      const other = await newMerchant();
      const over = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
        key: issuer.apiKey,
        body: { merchantId: other.merchantId, allowedProducts: [{ sku: 'x', maxValue: nzd('801') }] },
      });
      expect(over.body).toEqual(refused('INVALID_AMOUNT'));
      const discount = await newCollection(issuer, { type: 'discount', maxValue: nzd('100') });
      const wrongType = await api('POST', `/api/collections/${discount.id}/redemption-conditions`, {
        key: issuer.apiKey,
        body: { merchantId: other.merchantId, allowedProducts: products },
      });
      expect(wrongType.body).toEqual(refused('COLLECTION_INVALID_TYPE'));
      expect(written(wrongType)).toEqual([]);
    },
  );

  it(
    'sets allowed products, stamping updatedAt and updatedBy; ' + 'INVALID_AMOUNT above the collection’s maxValue',
    async () => {
      const other = await newMerchant();
      const condition = await newCondition(issuer, collection.id, other.merchantId, products);
      const path = `/api/collections/${collection.id}/redemption-conditions/${condition.id}/set-allowed-products`;
      const set = await api('POST', path, { key: issuer.apiKey, body: { allowedProducts: [products[0]] } });
      expect(set.body).toEqual({
        ...condition,
        allowedProducts: [products[0]],
        updatedAt: expect.any(String),
        updatedBy: expect.stringMatching(/^crn:/),
      });
      const over = await api('POST', path, {
        key: issuer.apiKey,
        body: { allowedProducts: [{ sku: 'y', maxValue: nzd('900') }] },
      });
      expect(over.body).toEqual(refused('INVALID_AMOUNT'));
      // Under another collection's path the condition is not found.
      const elsewhere = await newCollection(issuer);
      const wrongPath = await api(
        'POST',
        `/api/collections/${elsewhere.id}/redemption-conditions/${condition.id}/set-allowed-products`,
        { key: issuer.apiKey, body: { allowedProducts: products } },
      );
      expect(wrongPath.body).toEqual(FORBIDDEN);
    },
  );

  it('refuses another account, writing nothing', async () => {
    const other = await newMerchant();
    const create = await api('POST', `/api/collections/${collection.id}/redemption-conditions`, {
      key: stranger.apiKey,
      body: { merchantId: other.merchantId, allowedProducts: products },
    });
    expect(create.body).toEqual(FORBIDDEN);
    expect(written(create)).toEqual([]);
    const condition = await newCondition(issuer, collection.id, other.merchantId, products);
    const set = await api(
      'POST',
      `/api/collections/${collection.id}/redemption-conditions/${condition.id}/set-allowed-products`,
      { key: stranger.apiKey, body: { allowedProducts: [] } },
    );
    expect(set.status).toBe(400);
    const setValid = await api(
      'POST',
      `/api/collections/${collection.id}/redemption-conditions/${condition.id}/set-allowed-products`,
      { key: stranger.apiKey, body: { allowedProducts: products } },
    );
    expect(setValid.body).toEqual(FORBIDDEN);
    expect(written(setValid)).toEqual([]);
  });
});

describe('tokens', () => {
  let issuer: TestAccount;
  let stranger: TestAccount;
  let collection: { id: string; name: string };
  beforeAll(async () => {
    [issuer, stranger] = await Promise.all([collectionManager(), collectionManager()]);
    collection = await newCollection(issuer, { tokenExpiresAfter: { period: 'month', duration: '1', ceil: 'day' } });
  });

  it('issues a token into the collection’s account as an asset of category token, holding one unit', async () => {
    const res = await api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId: collection.id, idempotencyKey: uniqueKey(), externalId: '23403283262' },
    });
    expect(res.status).toBe(200);
    const token = res.body;
    expect(token).toEqual({
      id: expect.any(String),
      accountId: issuer.accountId,
      category: 'token',
      collectionId: collection.id,
      collectionType: 'product',
      status: 'active',
      createdAt: expect.any(String),
      activeFrom: token.createdAt,
      expiresAt: expect.stringMatching(/T00:00:00\.000Z$/),
      liveness: 'test',
      createdBy: expect.stringMatching(/^crn:/),
      description: 'Bread',
      issuer: expect.any(String),
      type: 'svc.token.test',
      externalId: '23403283262',
    });
    const month = Date.parse(token.expiresAt) - Date.parse(token.createdAt);
    expect(month).toBeGreaterThan(27 * 86_400_000);
    expect(month).toBeLessThan(33 * 86_400_000);
    expect(await findToken(token.id)).toMatchObject({ balance: 1n, available: 1n });
  });

  it('issues into another account (a patron) of the same liveness; LIVENESS_MISMATCH otherwise', async () => {
    const patron = await newAccount();
    const token = await newToken(issuer, collection.id, { accountId: patron.accountId });
    expect(token.accountId).toBe(patron.accountId);
    const live = await newAccount({ test: false });
    const mismatch = await api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId: collection.id, idempotencyKey: uniqueKey(), accountId: live.accountId },
    });
    expect(mismatch.body).toEqual(refused('LIVENESS_MISMATCH'));
    expect(written(mismatch)).toEqual([]);
  });

  it(
    'issues once per idempotency key and external id: repeats ' + 'answer TOKEN_ALREADY_CREATED, also when concurrent',
    async () => {
      const idempotencyKey = uniqueKey();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          api('POST', '/api/tokens', { key: issuer.apiKey, body: { collectionId: collection.id, idempotencyKey } }),
        ),
      );
      const issued = results.filter((r) => r.status === 200);
      expect(issued).toHaveLength(1);
      for (const r of results.filter((r) => r.status !== 200)) expect(r.body).toEqual(refused('TOKEN_ALREADY_CREATED'));
      const changed = await api('POST', '/api/tokens', {
        key: issuer.apiKey,
        body: { collectionId: collection.id, idempotencyKey, externalId: 'other' },
      });
      expect(changed.body).toEqual(refused('TOKEN_ALREADY_CREATED'));
      await newToken(issuer, collection.id, { externalId: 'ext-1' });
      const sameExternal = await api('POST', '/api/tokens', {
        key: issuer.apiKey,
        body: { collectionId: collection.id, idempotencyKey: uniqueKey(), externalId: 'ext-1' },
      });
      expect(sameExternal.body).toEqual(refused('TOKEN_ALREADY_CREATED'));
      expect(written(sameExternal)).toEqual([]);
    },
  );

  it('issues only from product collections and refuses other accounts, writing nothing', async () => {
    const discount = await newCollection(issuer, { type: 'discount', maxValue: nzd('100') });
    const wrongType = await api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId: discount.id, idempotencyKey: uniqueKey() },
    });
    expect(wrongType.body).toEqual(refused('COLLECTION_INVALID_TYPE'));
    const foreign = await api('POST', '/api/tokens', {
      key: stranger.apiKey,
      body: { collectionId: collection.id, idempotencyKey: uniqueKey(), accountId: stranger.accountId },
    });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    const badId = await api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId: 'nope', idempotencyKey: uniqueKey() },
    });
    expect(badId.status).toBe(400);
  });
});
