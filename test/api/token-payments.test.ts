import { UpdateCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { assetKey } from '../../functions/core/db/keys';
import { findToken } from '../../functions/tokens';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { balance, newPayer, nzd, pay, type Payer } from '../support/payments';
import {
  lineItem,
  newTokenRequest,
  payWithToken,
  PRODUCTS,
  tokenMerchant,
  tokenShop,
  type TokenMerchant,
  type TokenShop,
} from '../support/token-payments';
import { newCollection, newCondition, newToken, ok, subscribe, uniqueKey, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });

const units = async (tokenId: string) => (await findToken(tokenId))!.balance;

describe('paying with tokens', () => {
  let issuer: TestAccount;
  let patron: Payer;
  let collection: { id: string };
  let merchant: TokenMerchant;
  const token = () => newToken(issuer, collection.id, { accountId: patron.accountId });

  beforeAll(async () => {
    let shop: TokenShop;
    [shop, patron] = await Promise.all([tokenShop(), newPayer('100000')]);
    ({ issuer, collection, merchant } = shop);
  });

  it('offers the token option with its accepted collections and the line items each can buy', async () => {
    const request = await newTokenRequest(merchant, [lineItem('bread', '400'), lineItem('milk', '300')]);
    expect(request.paymentOptions).toEqual([
      { assetType: 'svc.nzd.test', amount: '700' },
      {
        assetType: 'svc.token.test',
        amount: '400',
        acceptedCollections: [{ id: collection.id, lineItems: [lineItem('bread', '400')] }],
      },
    ]);
    const read = await api('GET', `/api/payment-requests/${request.id}`, { key: merchant.owner.apiKey });
    expect(read.body.paymentOptions).toEqual(request.paymentOptions);
  });

  it('spends a token whole on its best line item; the rest is paid with money', async () => {
    const spent = await token();
    const request = await newTokenRequest(merchant, [
      lineItem('bread', '400'),
      lineItem('cake', '600'),
      lineItem('milk', '300'),
    ]);
    const res = await payWithToken(patron, request.id, spent.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'payment',
      assetType: 'svc.token.test',
      value: nzd('600'),
      lineItems: [lineItem('cake', '600')],
    });
    expect(await units(spent.id)).toBe(0n);
    const afterToken = await api('GET', `/api/payment-requests/${request.id}`, { key: merchant.owner.apiKey });
    expect(afterToken.body).toMatchObject({ status: 'new', remainingAmount: '700' });

    const moneyBefore = BigInt(await balance(patron.apiKey, patron.walletId));
    expect((await pay(patron, request.id, uniqueKey('rest'))).status).toBe(200);
    expect(BigInt(await balance(patron.apiKey, patron.walletId))).toBe(moneyBefore - 700n);
    const paid = await api('GET', `/api/payment-requests/${request.id}`, { key: merchant.owner.apiKey });
    expect(paid.body.status).toBe('paid');
    expect(paid.body.paidBy.assetTotals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'svc.token.test', total: nzd('600') }),
        expect.objectContaining({ type: 'svc.nzd.test', total: nzd('700') }),
      ]),
    );

    // Spent: it pays nothing again.
    const again = await newTokenRequest(merchant, [lineItem('bread', '400')]);
    const reuse = await payWithToken(patron, again.id, spent.id);
    expect(reuse.body).toEqual(refused('INACTIVE_ASSET'));
    expect(written(reuse)).toEqual([]);
  });

  it('pays the line item the pay names (by SKU) and settles a request it covers', async () => {
    const chosen = await token();
    const request = await newTokenRequest(merchant, [lineItem('bread', '400'), lineItem('cake', '600')]);
    const res = await payWithToken(patron, request.id, chosen.id, {
      lineItems: [{ name: 'Bread', sku: 'bread', qty: '1' }],
    });
    expect(res.body).toMatchObject({ value: nzd('400'), lineItems: [lineItem('bread', '400')] });
    const whole = await token();
    const covered = await newTokenRequest(merchant, [lineItem('bread', '400')]);
    expect((await payWithToken(patron, covered.id, whole.id)).status).toBe(200);
    expect(
      (await api('GET', `/api/payment-requests/${covered.id}`, { key: merchant.owner.apiKey })).body,
    ).toMatchObject({ status: 'paid', remainingAmount: '0' });
  });

  describe('refuses, with its code, spending nothing and writing nothing', () => {
    async function expectRefused(
      res: Awaited<ReturnType<typeof payWithToken>>,
      body: unknown,
      tokenId: string,
      requestId: string,
    ) {
      expect(res.body).toEqual(body);
      expect(written(res)).toEqual([]);
      expect(await units(tokenId)).toBe(1n);
      const request = await api('GET', `/api/payment-requests/${requestId}`, { key: merchant.owner.apiKey });
      expect(request.body.status).toBe('new');
    }

    it('at a merchant without a redemption condition: ASSET_REDEMPTION_DENIED', async () => {
      // A config names another issuer's collection only with a condition: the merchant's account issues its own.
      const bare = await tokenMerchant();
      await subscribe(bare.owner.accountId, ['collection-manager']);
      const own = await newCollection(bare.owner, { maxValue: nzd('1000') });
      await ok(
        api('PUT', `/api/merchants/${bare.merchantId}/configs/${bare.tokenConfigId}`, {
          key: bare.owner.apiKey,
          body: {
            paymentOptions: [
              { type: 'svc.nzd.test', walletId: bare.settlementWalletId },
              { type: 'svc.token.test', collectionIds: [own.id] },
            ],
          },
        }),
      );
      const request = await newTokenRequest(bare, [lineItem('bread', '400')]);
      expect(request.paymentOptions[1]).toEqual({
        assetType: 'svc.token.test',
        amount: '0',
        acceptedCollections: [{ id: own.id, lineItems: [] }],
      });
      const unspent = await newToken(bare.owner, own.id, { accountId: patron.accountId });
      const res = await payWithToken(patron, request.id, unspent.id);
      expect(res.body).toEqual(refused('ASSET_REDEMPTION_DENIED'));
      expect(written(res)).toEqual([]);
      expect(await units(unspent.id)).toBe(1n);
    });

    it('for a product not allowed, or a line item the request does not have: ASSET_REDEMPTION_DENIED', async () => {
      const unspent = await token();
      const request = await newTokenRequest(merchant, [lineItem('milk', '300')]);
      await expectRefused(
        await payWithToken(patron, request.id, unspent.id),
        refused('ASSET_REDEMPTION_DENIED'),
        unspent.id,
        request.id,
      );
      const other = await newTokenRequest(merchant, [lineItem('bread', '400')]);
      await expectRefused(
        await payWithToken(patron, other.id, unspent.id, { lineItems: [{ name: 'Cake', sku: 'cake', qty: '1' }] }),
        refused('ASSET_REDEMPTION_DENIED'),
        unspent.id,
        other.id,
      );
    });

    it('over its max value: ASSET_REDEMPTION_DENIED', async () => {
      const unspent = await token();
      const request = await newTokenRequest(merchant, [lineItem('bread', '401')]);
      await expectRefused(
        await payWithToken(patron, request.id, unspent.id),
        refused('ASSET_REDEMPTION_DENIED'),
        unspent.id,
        request.id,
      );
    });

    it('after its expiry: INACTIVE_ASSET', async () => {
      const expiring = await token();
      await db().send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: assetKey(expiring.id),
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        }),
      );
      const request = await newTokenRequest(merchant, [lineItem('bread', '400')]);
      await expectRefused(
        await payWithToken(patron, request.id, expiring.id),
        refused('INACTIVE_ASSET'),
        expiring.id,
        request.id,
      );
    });

    it(
      'of a collection the merchant does not accept: ASSET_REDEMPTION_DENIED; where no token is accepted: ' +
        'INVALID_ASSET_TYPE',
      async () => {
        const elsewhere = await newCollection(issuer);
        await newCondition(issuer, elsewhere.id, merchant.merchantId, PRODUCTS);
        const foreignCollection = await newToken(issuer, elsewhere.id, { accountId: patron.accountId });
        const request = await newTokenRequest(merchant, [lineItem('bread', '400')]);
        await expectRefused(
          await payWithToken(patron, request.id, foreignCollection.id),
          refused('ASSET_REDEMPTION_DENIED'),
          foreignCollection.id,
          request.id,
        );
        const moneyOnly = await ok(
          api('POST', '/api/payment-requests', {
            key: merchant.owner.apiKey,
            body: { configId: merchant.configId, value: nzd('400') },
          }),
        );
        await expectRefused(
          await payWithToken(patron, moneyOnly.id, foreignCollection.id),
          refused('INVALID_ASSET_TYPE'),
          foreignCollection.id,
          moneyOnly.id,
        );
      },
    );

    it('another account’s token: FORBIDDEN; line items on a money payment: 400', async () => {
      const unspent = await token();
      const stranger = await newPayer('1000');
      const request = await newTokenRequest(merchant, [lineItem('bread', '400')]);
      await expectRefused(await payWithToken(stranger, request.id, unspent.id), FORBIDDEN, unspent.id, request.id);
      const money = await pay(patron, request.id, uniqueKey(), { lineItems: [lineItem('bread', '400')] });
      expect(money.status).toBe(400);
    });
  });

  it('spends a token exactly once under 20 concurrent pays of 20 requests', async () => {
    const contested = await token();
    const requests = await Promise.all(
      Array.from({ length: 20 }, () => newTokenRequest(merchant, [lineItem('bread', '400')])),
    );
    const results = await Promise.all(requests.map((r) => payWithToken(patron, r.id, contested.id)));
    const wins = results.filter((r) => r.status === 200);
    expect(wins).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body).toEqual(refused('INACTIVE_ASSET'));
    expect(await units(contested.id)).toBe(0n);
    const states = await Promise.all(
      requests.map((r) => api('GET', `/api/payment-requests/${r.id}`, { key: merchant.owner.apiKey })),
    );
    expect(states.filter((s) => s.body.status === 'paid')).toHaveLength(1);
  }, 60_000);

  describe('refunds of token payments give the token back, whole', () => {
    it(
      'refuses a partial refund of a token payment (PARTIAL_REFUNDS_NOT_ALLOWED) and returns the token on a whole ' +
        'one',
      async () => {
        const spent = await token();
        const request = await newTokenRequest(merchant, [lineItem('bread', '400')]);
        expect((await payWithToken(patron, request.id, spent.id)).status).toBe(200);
        const partial = await api('POST', `/api/payment-requests/${request.id}/refund`, {
          key: merchant.owner.apiKey,
          body: { value: nzd('100'), externalRef: uniqueKey() },
        });
        expect(partial.body).toEqual(refused('PARTIAL_REFUNDS_NOT_ALLOWED'));
        expect(written(partial)).toEqual([]);
        const whole = await api('POST', `/api/payment-requests/${request.id}/refund`, {
          key: merchant.owner.apiKey,
          body: { value: nzd('400'), externalRef: uniqueKey() },
        });
        expect(whole.status).toBe(200);
        expect(whole.body).toMatchObject({
          type: 'refund',
          value: nzd('400'),
          strategy: {
            refunds: [{ assetId: spent.id, assetType: 'svc.token.test', amount: '400', collectionId: collection.id }],
          },
        });
        expect(await units(spent.id)).toBe(1n);
        // Back in the patron's hands, it pays again.
        const next = await newTokenRequest(merchant, [lineItem('bread', '400')]);
        expect((await payWithToken(patron, next.id, spent.id)).status).toBe(200);
      },
    );

    it('takes money back first from a mixed payment, the token only whole; a void returns everything', async () => {
      const spent = await token();
      const request = await newTokenRequest(merchant, [lineItem('bread', '400'), lineItem('milk', '300')]);
      expect((await payWithToken(patron, request.id, spent.id)).status).toBe(200);
      expect((await pay(patron, request.id, uniqueKey())).status).toBe(200);
      const money = await api('POST', `/api/payment-requests/${request.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd('300'), externalRef: uniqueKey() },
      });
      expect(money.status).toBe(200);
      expect(await units(spent.id)).toBe(0n);
      const part = await api('POST', `/api/payment-requests/${request.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd('200'), externalRef: uniqueKey() },
      });
      expect(part.body).toEqual(refused('PARTIAL_REFUNDS_NOT_ALLOWED'));

      const voided = await token();
      const other = await newTokenRequest(merchant, [lineItem('bread', '400'), lineItem('milk', '300')]);
      expect((await payWithToken(patron, other.id, voided.id)).status).toBe(200);
      expect((await pay(patron, other.id, uniqueKey())).status).toBe(200);
      const before = BigInt(await balance(patron.apiKey, patron.walletId));
      const voidRes = await api('POST', `/api/payment-requests/${other.id}/void`, { key: merchant.owner.apiKey });
      expect(voidRes.status).toBe(200);
      expect(await units(voided.id)).toBe(1n);
      expect(BigInt(await balance(patron.apiKey, patron.walletId))).toBe(before + 300n);
    });
  });

  it('accepts in a config only collections that exist at its liveness (COLLECTIONS_INVALID)', async () => {
    const owner = await newAccount();
    const merchantRes = await ok(
      api('POST', '/api/merchants', {
        key: owner.apiKey,
        body: { accountId: owner.accountId, name: 'Bakery', country: 'NZ', test: true },
      }),
    );
    const bad = await api('POST', `/api/merchants/${merchantRes.id}/configs`, {
      key: owner.apiKey,
      body: { paymentOptions: [{ type: 'svc.token.test', collectionIds: ['c_NoSuchCoLLectionzzzzzz'] }] },
    });
    expect(bad.body).toEqual(refused('COLLECTIONS_INVALID'));
  });
});

describe('tokens and line items', () => {
  it('a line item of quantity 1 is bought by one token only: a second token does not pay it again', async () => {
    const shop = await tokenShop();
    const patron = await newPayer('5000');
    const request = await newTokenRequest(shop.merchant, [lineItem('cake', '600'), lineItem('milk', '400')]);
    const first = await shop.token(patron);
    expect((await payWithToken(patron, request.id, first.id)).body).toMatchObject({
      value: nzd('600'),
      lineItems: [lineItem('cake', '600')],
    });
    // Milk is not a product the tokens may buy, and the one cake is paid: a second token has nothing to buy here.
    const second = await shop.token(patron);
    const again = await payWithToken(patron, request.id, second.id);
    expect(again.body.message).toBe('ASSET_REDEMPTION_DENIED');
  });
});
