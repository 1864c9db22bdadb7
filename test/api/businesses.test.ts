import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { company } from '../support/batches';
import { newMerchant, newPaymentRequest } from '../support/payments';
import { ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const LOCATION = {
  street: '1 Head Office Way',
  city: 'Wellington',
  state: 'Wellington',
  postCode: '6011',
  country: 'NZ',
};
const TAX = { value: '123-456-789', type: 'nz-gst' };

describe('businesses', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
  });

  it('creates the business of a registered company for an org account, read back by account', async () => {
    const kowhai = company(0);
    const created = await ok(
      api('POST', '/api/businesses', {
        key: owner.apiKey,
        body: { nzbn: kowhai.nzbn, accountId: owner.accountId, taxNumber: TAX, location: LOCATION },
      }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      accountId: owner.accountId,
      accountName: expect.any(String),
      nzbn: kowhai.nzbn,
      name: kowhai.companyName,
      tradingName: kowhai.tradingName,
      companyNumber: kowhai.companyNumber,
      taxNumber: TAX,
      location: LOCATION,
      onboardingStatus: 'applied',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      updatedBy: expect.stringMatching(/^crn:/),
    });
    expect(await ok(api('GET', `/api/accounts/${owner.accountId}/business`, { key: owner.apiKey }))).toEqual(created);

    // One business per account, and one per NZBN of a liveness.
    const again = await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: company(1).nzbn, accountId: owner.accountId },
    });
    expect(again.body).toEqual(refused('BUSINESS_ALREADY_EXISTS'));
    expect(written(again)).toEqual([]);
    const other = await newAccount();
    const taken = await api('POST', '/api/businesses', {
      key: other.apiKey,
      body: { nzbn: kowhai.nzbn, accountId: other.accountId },
    });
    expect(taken.body).toEqual(refused('BUSINESS_ALREADY_EXISTS'));
    expect(written(taken)).toEqual([]);
    // A live business of the same company is another liveness's.
    const live = await newAccount({ test: false });
    expect(
      await ok(
        api('POST', '/api/businesses', { key: live.apiKey, body: { nzbn: kowhai.nzbn, accountId: live.accountId } }),
      ),
    ).toMatchObject({ nzbn: kowhai.nzbn });
  });

  it("without accountId makes a new org account of the caller's for it, in the same transaction", async () => {
    const tui = company(2);
    const created = await ok(api('POST', '/api/businesses', { key: owner.apiKey, body: { nzbn: tui.nzbn } }));
    expect(created.accountId).not.toBe(owner.accountId);
    expect(created.accountName).toBe(tui.tradingName);
    const account = await ok(api('GET', `/api/accounts/${created.accountId}`, { key: owner.apiKey }));
    expect(account).toMatchObject({
      id: created.accountId,
      type: 'org',
      region: 'NZ',
      test: true,
      name: tui.tradingName,
    });
    expect(await ok(api('GET', `/api/accounts/${created.accountId}/business`, { key: owner.apiKey }))).toEqual(created);

    // Refused for the NZBN now taken: no account is left behind.
    const refusedCreate = await api('POST', '/api/businesses', { key: owner.apiKey, body: { nzbn: tui.nzbn } });
    expect(refusedCreate.body).toEqual(refused('BUSINESS_ALREADY_EXISTS'));
    expect(written(refusedCreate)).toEqual([]);
    const live = await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: company(3).nzbn, test: false },
    });
    expect(live.body).toEqual(refused('LIVENESS_MISMATCH'));
    expect(written(live)).toEqual([]);
  });

  it('refuses an NZBN the register does not know, and an account that cannot hold a business', async () => {
    const unknown = await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: '9999999999999', accountId: (await newAccount()).accountId },
    });
    expect(unknown.body).toEqual(refused('INVALID_ACCOUNT'));
    const fresh = await newAccount();
    const notRegistered = await api('POST', '/api/businesses', {
      key: fresh.apiKey,
      body: { nzbn: '9999999999999', accountId: fresh.accountId },
    });
    expect(notRegistered.body).toEqual(refused('INVALID_NZBN'));
    expect(written(notRegistered)).toEqual([]);
    const individual = await newAccount({ type: 'individual' });
    const australian = await newAccount({ region: 'AU' });
    for (const account of [individual, australian]) {
      const res = await api('POST', '/api/businesses', {
        key: account.apiKey,
        body: { nzbn: company(4).nzbn, accountId: account.accountId },
      });
      expect(res.body).toEqual(refused('INVALID_ACCOUNT'));
      expect(written(res)).toEqual([]);
    }
    // Another account's, or one that does not exist: INVALID_ACCOUNT, nothing written.
    for (const accountId of [stranger.accountId, 'NoSuchAccount123456789']) {
      const res = await api('POST', '/api/businesses', {
        key: owner.apiKey,
        body: { nzbn: company(4).nzbn, accountId },
      });
      expect(res.body).toEqual(refused('INVALID_ACCOUNT'));
      expect(written(res)).toEqual([]);
    }
    const bad = await api('POST', '/api/businesses', { key: owner.apiKey, body: { nzbn: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('nzbn');
  });

  it('updates what the owner keeps, and sets onboarding statuses with activities', async () => {
    const account = await newAccount();
    const business = await ok(
      api('POST', '/api/businesses', {
        key: account.apiKey,
        body: { nzbn: company(5).nzbn, accountId: account.accountId },
      }),
    );
    const updated = await ok(
      api('PUT', `/api/businesses/${business.id}`, {
        key: account.apiKey,
        body: {
          tradingName: 'Corner Cafe',
          taxNumber: TAX,
          cooperativeBusinessNumber: '12345678',
          location: LOCATION,
          name: 'ignored',
        },
      }),
    );
    expect(updated).toMatchObject({
      tradingName: 'Corner Cafe',
      taxNumber: TAX,
      cooperativeBusinessNumber: '12345678',
      location: LOCATION,
      name: company(5).companyName,
    });

    const held = await ok(
      api('POST', `/api/businesses/${business.id}/set-onboarding-status`, {
        key: account.apiKey,
        body: { onboardingStatus: 'on-hold', onboardingStatusReason: 'no-response' },
      }),
    );
    expect(held).toEqual({
      type: 'set-onboarding-status',
      onboardingStatus: 'on-hold',
      onboardingStatusReason: 'no-response',
      businessId: business.id,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      activityNumber: 1,
    });
    for (const [body, message] of [
      [{ onboardingStatus: 'deactivated' }, 'onboardingStatusReason is required for deactivated'],
      [
        { onboardingStatus: 'active', onboardingStatusReason: 'duplicate' },
        'onboardingStatusReason is not allowed for active',
      ],
      [
        { onboardingStatus: 'on-hold', onboardingStatusReason: 'incompatible-terminal' },
        'onboardingStatusReason must be one of: seasonal-business-closure, no-response',
      ],
    ] as const) {
      const res = await api('POST', `/api/businesses/${business.id}/set-onboarding-status`, {
        key: account.apiKey,
        body,
      });
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }

    // Deactivated, it gives up its NZBN: the company is onboarded again elsewhere, and the old business cannot come
    // back.
    const deactivated = await ok(
      api('POST', `/api/businesses/${business.id}/set-onboarding-status`, {
        key: account.apiKey,
        body: { onboardingStatus: 'deactivated', onboardingStatusReason: 'change-of-ownership' },
      }),
    );
    expect(deactivated.activityNumber).toBe(2);
    const buyer = await newAccount();
    await ok(
      api('POST', '/api/businesses', {
        key: buyer.apiKey,
        body: { nzbn: company(5).nzbn, accountId: buyer.accountId },
      }),
    );
    const back = await api('POST', `/api/businesses/${business.id}/set-onboarding-status`, {
      key: account.apiKey,
      body: { onboardingStatus: 'active' },
    });
    expect(back.body).toEqual(refused('BUSINESS_ALREADY_EXISTS'));
    expect(written(back)).toEqual([]);
    expect(await ok(api('GET', `/api/accounts/${account.accountId}/business`, { key: account.apiKey }))).toMatchObject({
      onboardingStatus: 'deactivated',
      onboardingStatusReason: 'change-of-ownership',
    });

    // Another account's key: refused like a missing business, nothing written.
    for (const [method, path, body] of [
      ['PUT', `/api/businesses/${business.id}`, { tradingName: 'Taken' }],
      ['POST', `/api/businesses/${business.id}/set-onboarding-status`, { onboardingStatus: 'active' }],
      ['GET', `/api/accounts/${account.accountId}/business`, undefined],
    ] as const) {
      const res = await api(method, path, { key: stranger.apiKey, ...(body ? { body } : {}) });
      expect(res.body).toEqual(FORBIDDEN);
      expect(written(res)).toEqual([]);
    }
    expect((await api('GET', `/api/accounts/${stranger.accountId}/business`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  it(
    "carries the business's tax number onto its merchants' payment requests as they are made, and none without " +
      'one',
    async () => {
      const merchant = await newMerchant();
      const key = merchant.owner.apiKey;
      const untaxed = await newPaymentRequest(merchant);
      expect(untaxed).not.toHaveProperty('taxNumber');
      const business = await ok(
        api('POST', '/api/businesses', {
          key,
          body: { nzbn: company(10).nzbn, accountId: merchant.owner.accountId, taxNumber: TAX },
        }),
      );
      const taxed = await newPaymentRequest(merchant);
      expect(taxed.taxNumber).toEqual(TAX);
      expect((await ok(api('GET', `/api/payment-requests/${taxed.id}`, { key }))).taxNumber).toEqual(TAX);

      const changed = { value: '987-654-321', type: 'nz-gst' };
      await ok(api('PUT', `/api/businesses/${business.id}`, { key, body: { taxNumber: changed } }));
      expect((await newPaymentRequest(merchant)).taxNumber).toEqual(changed);
      // A request keeps the number it was made with; one made before there was a business has none.
      expect((await ok(api('GET', `/api/payment-requests/${taxed.id}`, { key }))).taxNumber).toEqual(TAX);
      expect(await ok(api('GET', `/api/payment-requests/${untaxed.id}`, { key }))).not.toHaveProperty('taxNumber');
    },
  );

  it('searches the register by name, NZBN or company number, most relevant first, a page at a time', async () => {
    const kea = company(3);
    expect(await ok(api('GET', `/api/nzbn-search?q=${kea.nzbn}`, { key: owner.apiKey }))).toEqual({
      items: [{ nzbn: kea.nzbn, companyName: kea.companyName, companyNumber: kea.companyNumber }],
    });
    expect((await ok(api('GET', `/api/nzbn-search?q=${kea.companyNumber}`, { key: owner.apiKey }))).items[0].nzbn).toBe(
      kea.nzbn,
    );
    // "kaka" starts one name, is a word of none other and appears inside none: then prefixes of words come after.
    const ka = await ok(api('GET', '/api/nzbn-search?q=ka&paginationLimit=2', { key: owner.apiKey }));
    expect(ka.items.map((i: { companyName: string }) => i.companyName)).toEqual([
      'KAHIKATEA FARM SERVICES LIMITED',
      'KAKA CAFE HOLDINGS LIMITED',
    ]);
    const next = await ok(
      api('GET', `/api/nzbn-search?q=ka&paginationLimit=2&pageKey=${encodeURIComponent(ka.nextPageKey)}`, {
        key: owner.apiKey,
      }),
    );
    expect(next.items.map((i: { companyName: string }) => i.companyName)).toEqual([
      'KAURI COFFEE ROASTERS LIMITED',
      'KAWAKAWA PHARMACY LIMITED',
    ]);
    const cafe = await ok(api('GET', '/api/nzbn-search?q=cafe', { key: owner.apiKey }));
    expect(cafe.items.map((i: { companyName: string }) => i.companyName)).toEqual([
      'KAKA CAFE HOLDINGS LIMITED',
      'KOWHAI CAFE LIMITED',
      'PAUA POINT CAFE LIMITED',
    ]);
    expect(await ok(api('GET', '/api/nzbn-search?q=zzz', { key: owner.apiKey }))).toEqual({ items: [] });
    // A page key of one query is refused by another.
    expect(
      (await api('GET', `/api/nzbn-search?q=kaur&pageKey=${encodeURIComponent(ka.nextPageKey)}`, { key: owner.apiKey }))
        .status,
    ).toBe(400);
    expect((await api('GET', '/api/nzbn-search', { key: owner.apiKey })).status).toBe(400);
  });

  it('reads a company of the register, INVALID_NZBN for one it does not know', async () => {
    const { nzbn, companyName, tradingName, companyNumber, directors } = company(0);
    expect(await ok(api('GET', `/api/nzbn/${nzbn}`, { key: stranger.apiKey }))).toEqual({
      nzbn,
      companyName,
      tradingName,
      companyNumber,
      directors,
    });
    expect((await api('GET', '/api/nzbn/9999999999999', { key: owner.apiKey })).body).toEqual(refused('INVALID_NZBN'));
    expect((await api('GET', '/api/nzbn/12', { key: owner.apiKey })).status).toBe(400);
    // The register is the account owners': other roles are refused.
    const terminal = await newAccount({ role: 'merchant-terminal' });
    expect((await api('GET', `/api/nzbn/${nzbn}`, { key: terminal.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/nzbn/${nzbn}`, { key: seed().operatorApiKey })).status).toBe(200);
  });
});

describe('events', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
  });

  it("records an event once per idempotency key and lists the account's events, newest first", async () => {
    const path = `/api/accounts/${owner.accountId}/events`;
    const first = await ok(
      api('POST', path, {
        key: owner.apiKey,
        body: { type: 'user-login', idempotencyKey: 'login-1', data: { userId: 'u-1' } },
      }),
    );
    expect(first).toEqual({
      id: expect.any(String),
      accountId: owner.accountId,
      type: 'user-login',
      data: { userId: 'u-1' },
      idempotencyKey: 'login-1',
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
    });
    const again = await api('POST', path, {
      key: owner.apiKey,
      body: { type: 'user-login', idempotencyKey: 'login-1', data: { userId: 'u-1' } },
    });
    expect(again.body).toEqual(refused('EVENT_ALREADY_EXISTS'));
    expect(written(again)).toEqual([]);
    // Keys are per account.
    await ok(
      api('POST', `/api/accounts/${stranger.accountId}/events`, {
        key: stranger.apiKey,
        body: { type: 'user-login', idempotencyKey: 'login-1' },
      }),
    );
    const second = await ok(
      api('POST', path, { key: owner.apiKey, body: { type: 'user-logout', idempotencyKey: 'logout-1' } }),
    );
    expect(second.data).toEqual({});

    const page = await ok(api('GET', `${path}?paginationLimit=1`, { key: owner.apiKey }));
    expect(page.items).toEqual([second]);
    const rest = await ok(
      api('GET', `${path}?paginationLimit=1&pageKey=${encodeURIComponent(page.nextPageKey)}`, { key: owner.apiKey }),
    );
    expect(rest).toEqual({ items: [first] });
  });

  it("validates, bounds data, and refuses another account's key writing nothing", async () => {
    const path = `/api/accounts/${owner.accountId}/events`;
    for (const [body, field] of [
      [{ idempotencyKey: 'k' }, 'type'],
      [{ type: 'x' }, 'idempotencyKey'],
      [{ type: 'x', idempotencyKey: 'k', data: 'text' }, 'data'],
      [{ type: 'x', idempotencyKey: 'k', data: { big: 'x'.repeat(5000) } }, 'data'],
    ] as const) {
      const res = await api('POST', path, { key: owner.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const foreign = await api('POST', path, { key: stranger.apiKey, body: { type: 'x', idempotencyKey: 'foreign' } });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    expect((await api('GET', path, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
  });
});
