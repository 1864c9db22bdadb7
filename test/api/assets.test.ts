import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { newPayer, type Payer } from '../support/payments';
import { lineItem, newTokenRequest, payWithToken, tokenShop, type TokenMerchant } from '../support/token-payments';
import { newToken, ok, sendAsset, uniqueKey, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });

describe('assets of every category', () => {
  let issuer: TestAccount;
  let collection: { id: string };
  let merchant: TokenMerchant;
  let patron: Payer;
  let stranger: TestAccount;
  const token = (body: Record<string, unknown> = {}) =>
    newToken(issuer, collection.id, { accountId: patron.accountId, ...body });

  beforeAll(async () => {
    let shop: Awaited<ReturnType<typeof tokenShop>>;
    [shop, patron, stranger] = await Promise.all([tokenShop(), newPayer('1000'), newAccount()]);
    ({ issuer, collection, merchant } = shop);
  });

  describe('GET /api/assets/{assetId}', () => {
    it('answers a token to its holder, a money asset as before, and FORBIDDEN to anyone else', async () => {
      const held = await token();
      const res = await api('GET', `/api/assets/${held.id}`, { key: patron.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(held);
      expect(res.body).toMatchObject({ category: 'token', status: 'active', accountId: patron.accountId });
      const wallet = await api('GET', `/api/assets/${patron.walletId}`, { key: patron.apiKey });
      expect(wallet.body).toMatchObject({ category: 'money', balance: '1000', availableBalance: '1000' });
      expect((await api('GET', `/api/assets/${held.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
      expect((await api('GET', `/api/assets/${patron.walletId}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    });
  });

  describe('GET /api/assets/{assetId}/summary', () => {
    it("answers anyone a token's public fields and a money asset's, never its account or value", async () => {
      const held = await token();
      const res = await api('GET', `/api/assets/${held.id}/summary`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: held.id,
        description: held.description,
        expiresAt: held.expiresAt,
        liveness: 'test',
        ...(held.issuer ? { issuer: held.issuer } : {}),
        ...(held.img ? { img: held.img } : {}),
      });
      const money = await api('GET', `/api/assets/${patron.walletId}/summary`);
      expect(money.body).toEqual({ id: patron.walletId, description: 'NZD', liveness: 'test' });
    });

    it('answers an unknown asset FORBIDDEN, and an impossible id the same', async () => {
      expect((await api('GET', '/api/assets/NoSuchAssetzzzzzzzzzzz/summary')).body).toEqual(FORBIDDEN);
      expect((await api('GET', `/api/assets/${'x'.repeat(200)}/summary`)).body).toEqual(FORBIDDEN);
    });
  });

  describe('GET /api/accounts/{accountId}/assets', () => {
    it("lists an account's wallets and tokens newest first, page by page, by category", async () => {
      const owner = await newPayer('0');
      const first = await newToken(issuer, collection.id, { accountId: owner.accountId });
      const second = await newToken(issuer, collection.id, { accountId: owner.accountId });
      const list = (query = '') => api('GET', `/api/accounts/${owner.accountId}/assets${query}`, { key: owner.apiKey });
      const all = await list();
      expect(all.status).toBe(200);
      expect(all.body.items.map((a: { id: string }) => a.id)).toEqual([second.id, first.id, owner.walletId]);
      expect(all.body.items[2]).toMatchObject({ category: 'money', balance: '0' });
      expect(all.body.nextPageKey).toBeUndefined();

      const seen: string[] = [];
      let pageKey: string | undefined;
      do {
        const page = await list(`?paginationLimit=1${pageKey ? `&pageKey=${encodeURIComponent(pageKey)}` : ''}`);
        expect(page.body.items).toHaveLength(1);
        seen.push(page.body.items[0].id);
        pageKey = page.body.nextPageKey;
      } while (pageKey);
      expect(seen).toEqual([second.id, first.id, owner.walletId]);

      expect((await list('?category=token')).body.items.map((a: { id: string }) => a.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect((await list('?category=money')).body.items.map((a: { id: string }) => a.id)).toEqual([owner.walletId]);
    });

    it('finds tokens by externalId and leaves archived assets out', async () => {
      const owner = await newAccount();
      const externalId = uniqueKey('ext');
      const tagged = await newToken(issuer, collection.id, { accountId: owner.accountId, externalId });
      const archived = await newToken(issuer, collection.id, { accountId: owner.accountId });
      await ok(api('POST', `/api/assets/${archived.id}/archive`, { key: owner.apiKey }));
      const list = (query = '') => api('GET', `/api/accounts/${owner.accountId}/assets${query}`, { key: owner.apiKey });
      expect((await list()).body.items.map((a: { id: string }) => a.id)).toEqual([tagged.id]);
      const byExternalId = await list(`?externalId=${externalId}`);
      expect(byExternalId.body).toEqual({ items: [tagged] });
      expect((await list(`?externalId=${externalId}&category=money`)).body).toEqual({ items: [] });
      expect((await list('?externalId=nothing-here')).body).toEqual({ items: [] });
    });

    it("refuses another account's assets, a bad category or limit (400 naming it) and a foreign page key", async () => {
      const owner = await newPayer('0');
      await newToken(issuer, collection.id, { accountId: owner.accountId });
      const path = `/api/accounts/${owner.accountId}/assets`;
      expect((await api('GET', path, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
      const category = await api('GET', `${path}?category=giftcard`, { key: owner.apiKey });
      expect(category.status).toBe(400);
      expect(category.body.message).toMatch(/category/);
      const limit = await api('GET', `${path}?paginationLimit=101`, { key: owner.apiKey });
      expect(limit.status).toBe(400);
      expect(limit.body.message).toMatch(/paginationLimit/);
      const first = await api('GET', `${path}?paginationLimit=1`, { key: owner.apiKey });
      const pageKey = encodeURIComponent(first.body.nextPageKey);
      const other = await api('GET', `${path}?category=token&pageKey=${pageKey}`, { key: owner.apiKey });
      expect(other.status).toBe(400);
      expect(other.body.message).toMatch(/pageKey/);
    });
  });

  describe('POST /api/assets/{assetId}/archive', () => {
    it('archives a token, which then can be neither spent nor sent; again answers it archived', async () => {
      const held = await token();
      const res = await api('POST', `/api/assets/${held.id}/archive`, { key: patron.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...held, status: 'archived' });
      expect((await api('GET', `/api/assets/${held.id}`, { key: patron.apiKey })).body.status).toBe('archived');
      expect((await api('POST', `/api/assets/${held.id}/archive`, { key: patron.apiKey })).body).toEqual(res.body);

      const request = await newTokenRequest(merchant, [lineItem('bread', '400')]);
      const paid = await payWithToken(patron, request.id, held.id);
      expect(paid.body).toEqual(refused('INACTIVE_ASSET'));
      expect(written(paid)).toEqual([]);
      expect((await sendAsset(patron, { assetId: held.id })).body).toEqual(refused('ASSET_NOT_ACTIVE'));
    });

    it('refuses a money asset (UNSUPPORTED_ASSET_TYPE), a token held by a send, and a stranger', async () => {
      const wallet = await api('POST', `/api/assets/${patron.walletId}/archive`, { key: patron.apiKey });
      expect(wallet.body).toEqual(refused('UNSUPPORTED_ASSET_TYPE'));
      const held = await token();
      expect((await api('POST', `/api/assets/${held.id}/archive`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
      await ok(sendAsset(patron, { assetId: held.id }));
      const sending = await api('POST', `/api/assets/${held.id}/archive`, { key: patron.apiKey });
      expect(sending.body).toEqual(refused('INACTIVE_ASSET'));
      expect((await api('GET', `/api/assets/${held.id}`, { key: patron.apiKey })).body.status).toBe('active');
    });

    it('needs assets:spend: a key of a role that may not spend archives nothing', async () => {
      const cashier = await api('POST', `/api/accounts/${patron.accountId}/api-keys`, {
        key: patron.apiKey,
        body: { name: uniqueKey('cashier'), role: 'merchant-terminal' },
      });
      const held = await token();
      const res = await api('POST', `/api/assets/${held.id}/archive`, { key: cashier.body.secret });
      expect(res.body).toEqual(FORBIDDEN);
    });
  });

  describe('GET /api/assets/{assetType}/external-id/{externalId}', () => {
    it("answers the caller's token of that type and external id; else ASSET_NOT_FOUND", async () => {
      const externalId = uniqueKey('ext');
      const tagged = await token({ externalId });
      const get = (type: string, id: string, key = patron.apiKey) =>
        api('GET', `/api/assets/${type}/external-id/${id}`, { key });
      const res = await get('svc.token.test', externalId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(tagged);
      const notFound = { status: 403, body: refused('ASSET_NOT_FOUND') };
      const answer = async (...args: Parameters<typeof get>) => {
        const { status, body } = await get(...args);
        return { status, body };
      };
      expect(await answer('svc.nzd.test', externalId)).toEqual(notFound);
      expect(await answer('svc.token.test', 'no-such-id')).toEqual(notFound);
      expect(await answer('svc.token.test', externalId, stranger.apiKey)).toEqual(notFound);
      expect(await answer('Not~A~Type', externalId)).toEqual(notFound);
    });
  });
});
