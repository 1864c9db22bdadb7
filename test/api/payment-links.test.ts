import { UpdateCommand } from '../../functions/core/db/document';
import { config } from '../../functions/core/config';
import { db } from '../../functions/core/db/client';
import { activeLinkCountKey } from '../../functions/payment-links/entities';
import { MAX_ACTIVE_PAYMENT_LINKS } from '../../functions/payment-links/payment-link-store';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { newPaymentLink } from '../support/channels';
import { newMerchant, nzd, type MerchantSetup } from '../support/payments';
import { ok, written } from '../support/value';

describe('payment links', () => {
  let merchant: MerchantSetup;
  let stranger: TestAccount;
  let key: string;
  beforeAll(async () => {
    [merchant, stranger] = await Promise.all([newMerchant(), newAccount()]);
    key = merchant.owner.apiKey;
  }, 30_000);

  const requestThrough = (paymentLinkId: string, as = key, configId = merchant.configId) =>
    api('POST', '/api/payment-requests', { key: as, body: { configId, value: nzd('1500'), paymentLinkId } });

  it('makes a link, takes payment requests through it, and leads a payer to the latest one', async () => {
    const link = await api('POST', '/api/payment-links', {
      key,
      body: { merchantId: merchant.merchantId, name: 'Front Checkout' },
    });
    expect(link.body).toEqual({
      id: expect.stringMatching(/^pl_[1-9A-HJ-NP-Za-km-z]{22}$/),
      status: 'created',
      name: 'Front Checkout',
      merchantId: merchant.merchantId,
      test: true,
      createdBy: expect.stringMatching(/^crn:/),
      createdAt: expect.any(String),
      updatedBy: expect.stringMatching(/^crn:/),
      updatedAt: link.body.createdAt,
      url: `${config().appBaseUrl}/payment-link/${link.body.id}`,
    });
    const { id } = link.body;
    expect((await api('GET', `/api/payment-links/${id}`, { key })).body).toEqual(link.body);
    expect((await api('GET', `/api/payment-links/${id}/summary`)).body).toEqual({
      id,
      merchantId: merchant.merchantId,
    });

    const first = await ok(requestThrough(id));
    expect(first.paymentLinkId).toBe(id);
    const second = await ok(requestThrough(id));
    expect((await api('GET', `/api/payment-requests/${second.id}`, { key })).body.paymentLinkId).toBe(id);
    const summary = await api('GET', `/api/payment-links/${id}/summary`);
    expect(summary.body).toEqual({ id, merchantId: merchant.merchantId, paymentRequestId: second.id });
    expect((await api('GET', `/api/payment-links/${id}`, { key })).body).toMatchObject({
      status: 'created',
      paymentRequestId: second.id,
    });
  });

  it('lists a merchant’s links newest first, a page at a time, at the path without /api', async () => {
    const own = await newMerchant();
    const made = [];
    for (const name of ['One', 'Two', 'Three']) made.push(await newPaymentLink(own.owner.apiKey, own.merchantId, name));
    const path = `/merchants/${own.merchantId}/payment-links`;
    const page1 = await api('GET', `${path}?paginationLimit=2`, { key: own.owner.apiKey });
    expect(page1.body.items.map((l: { name: string }) => l.name)).toEqual(['Three', 'Two']);
    const page2 = await api('GET', `${path}?paginationLimit=2&pageKey=${encodeURIComponent(page1.body.nextPageKey)}`, {
      key: own.owner.apiKey,
    });
    expect(page2.body).toEqual({ items: [made[0]] });
    // A page key of this listing is refused by another merchant's.
    const other = await api(
      'GET',
      `/merchants/${merchant.merchantId}/payment-links?pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
      { key },
    );
    expect(other.status).toBe(400);
    expect((await api('GET', `${path}?paginationLimit=101`, { key: own.owner.apiKey })).status).toBe(400);
  });

  it('archives a link: it takes no more payment requests and its summary leads nowhere', async () => {
    const link = await newPaymentLink(key, merchant.merchantId);
    const archived = await api('POST', `/api/payment-links/${link.id}/archive`, { key });
    expect(archived.body).toEqual({
      ...link,
      status: 'archived',
      updatedAt: expect.any(String),
      updatedBy: expect.stringMatching(/^crn:/),
    });
    const again = await api('POST', `/api/payment-links/${link.id}/archive`, { key });
    expect(again.body).toEqual(archived.body);
    expect(written(again)).toEqual([]);
    const refused = await requestThrough(link.id);
    expect(refused.body).toEqual(FORBIDDEN);
    expect(written(refused)).toEqual([]);
    expect((await api('GET', `/api/payment-links/${link.id}/summary`)).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/payment-links/${link.id}`, { key })).body.status).toBe('archived');
  });

  it('takes payment requests only through a link of the same merchant, writing nothing otherwise', async () => {
    const otherMerchant = await ok(
      api('POST', '/api/merchants', {
        key,
        body: { accountId: merchant.owner.accountId, name: 'Other', country: 'NZ', test: true },
      }),
    );
    const otherLink = await newPaymentLink(key, otherMerchant.id);
    for (const paymentLinkId of [otherLink.id, 'pl_zzNoSuchResourcezzzzzz']) {
      const res = await requestThrough(paymentLinkId);
      expect([paymentLinkId, res.body]).toEqual([paymentLinkId, FORBIDDEN]);
      expect(written(res)).toEqual([]);
    }
    expect((await api('GET', `/api/payment-links/${otherLink.id}/summary`)).body).toEqual({
      id: otherLink.id,
      merchantId: otherMerchant.id,
    });
  });

  it(
    'refuses another account on every route, writing nothing; ' + 'the summary needs no key and shows its fields only',
    async () => {
      const link = await newPaymentLink(key, merchant.merchantId);
      await ok(requestThrough(link.id));
      const create = await api('POST', '/api/payment-links', {
        key: stranger.apiKey,
        body: { merchantId: merchant.merchantId, name: 'Mine' },
      });
      expect(create.body).toEqual(FORBIDDEN);
      expect(written(create)).toEqual([]);
      for (const [method, path] of [
        ['GET', `/api/payment-links/${link.id}`],
        ['GET', '/api/payment-links/pl_NoSuchLink00000000000000'],
        ['GET', `/merchants/${merchant.merchantId}/payment-links`],
        ['POST', `/api/payment-links/${link.id}/archive`],
      ] as const) {
        const res = await api(method, path, { key: stranger.apiKey });
        expect([path, res.body]).toEqual([path, FORBIDDEN]);
        expect(written(res)).toEqual([]);
      }
      const summary = await api('GET', `/api/payment-links/${link.id}/summary`, { key: stranger.apiKey });
      expect(Object.keys(summary.body).sort()).toEqual(['id', 'merchantId', 'paymentRequestId']);
      expect((await api('GET', `/api/payment-links/${link.id}`, { key })).body.status).toBe('created');
    },
  );

  it(
    'lets a merchant terminal read its account’s links and make requests through them, but not make or archive ' +
      'links',
    async () => {
      const terminal = await ok(
        api('POST', `/api/accounts/${merchant.owner.accountId}/api-keys`, {
          key,
          body: { name: `t${Date.now()}`, role: 'merchant-terminal' },
        }),
      );
      const link = await newPaymentLink(key, merchant.merchantId);
      expect((await api('GET', `/api/payment-links/${link.id}`, { key: terminal.secret })).status).toBe(200);
      expect((await requestThrough(link.id, terminal.secret)).body.paymentLinkId).toBe(link.id);
      for (const [path, body] of [
        ['/api/payment-links', { merchantId: merchant.merchantId, name: 'T' }],
        [`/api/payment-links/${link.id}/archive`, undefined],
      ] as const) {
        const res = await api('POST', path, { key: terminal.secret, ...(body ? { body } : {}) });
        expect([path, res.body]).toEqual([path, FORBIDDEN]);
        expect(written(res)).toEqual([]);
      }
    },
  );

  const linkLimit =
    `keeps a merchant to ${MAX_ACTIVE_PAYMENT_LINKS} links in use (PAYMENT_LINK_LIMIT_EXCEEDED); ` +
    'archiving one frees its place';
  it(linkLimit, async () => {
    const own = await newMerchant();
    const first = await newPaymentLink(own.owner.apiKey, own.merchantId);
    // The merchant's count stands one short of the limit, as after that many creates.
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: activeLinkCountKey(own.merchantId),
        UpdateExpression: 'SET #count = :n',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':n': MAX_ACTIVE_PAYMENT_LINKS - 1 },
      }),
    );
    await newPaymentLink(own.owner.apiKey, own.merchantId);
    const create = () =>
      api('POST', '/api/payment-links', {
        key: own.owner.apiKey,
        body: { merchantId: own.merchantId, name: 'One too many' },
      });
    const refused = await create();
    expect(refused.body).toEqual({ ...FORBIDDEN, message: 'PAYMENT_LINK_LIMIT_EXCEEDED' });
    expect(written(refused)).toEqual([]);
    await ok(api('POST', `/api/payment-links/${first.id}/archive`, { key: own.owner.apiKey }));
    // Archiving twice frees one place only.
    await ok(api('POST', `/api/payment-links/${first.id}/archive`, { key: own.owner.apiKey }));
    expect((await create()).status).toBe(200);
    expect((await create()).body.message).toBe('PAYMENT_LINK_LIMIT_EXCEEDED');
  });

  it('validates bodies', async () => {
    expect(
      (await api('POST', '/api/payment-links', { key, body: { merchantId: merchant.merchantId } })).body.message,
    ).toBe('name is required');
    expect((await api('POST', '/api/payment-links', { key, body: { name: 'x' } })).body.message).toBe(
      'merchantId is required',
    );
    expect(
      (
        await api('POST', '/api/payment-links', {
          key,
          body: { merchantId: merchant.merchantId, name: 'x'.repeat(129) },
        })
      ).status,
    ).toBe(400);
  });
});
