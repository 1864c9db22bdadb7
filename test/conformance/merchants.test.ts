/** Docs page "Merchants": src/content/api/merchants.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount } from '../support/api';
import { newBankAccount } from '../support/bank';
import { newLoyaltyProgram } from '../support/value';
import { B, expectError, expectExchange, N, S, type ShapeObject } from './support';

const MERCHANT: ShapeObject = {
  id: S,
  accountId: S,
  name: S,
  country: S,
  test: B,
  onboardingStatus: S,
  createdAt: S,
  updatedAt: S,
  createdBy: S,
  updatedBy: S,
};

describe('Merchants: documented example exchanges', () => {
  let live: TestAccount;
  let merchantId: string;
  beforeAll(async () => {
    live = await newAccount({ test: false });
  });

  it('POST /api/merchants: a live merchant (onboardingStatus applied)', async () => {
    const res = await api('POST', '/api/merchants', {
      key: live.apiKey,
      body: { accountId: live.accountId, name: 'Centrapay Cafe Auckland', country: 'NZ', test: false },
    });
    expectExchange(res, MERCHANT);
    expect(res.body.onboardingStatus).toBe('applied');
    merchantId = res.body.id;
  });

  it('GET /api/merchants/{merchantId}', async () => {
    expectExchange(await api('GET', `/api/merchants/${merchantId}`, { key: live.apiKey }), MERCHANT);
  });

  it('GET /api/accounts/{accountId}/merchants: a test and a live merchant', async () => {
    const test = await newAccount();
    for (const name of ['Adams, Runolfsdottir and Botsford', 'Vandervort Inc']) {
      expect(
        (
          await api('POST', '/api/merchants', {
            key: test.apiKey,
            body: { accountId: test.accountId, name, country: 'NZ', test: true },
          })
        ).status,
      ).toBe(200);
    }
    const res = await api('GET', `/api/accounts/${test.accountId}/merchants`, { key: test.apiKey });
    expectExchange(res, { items: [MERCHANT] });
    expect(res.body.items).toHaveLength(2);
  });

  it('PUT /api/merchants/{merchantId}: name, location and a settlement bank account of the account', async () => {
    const location = { lat: '-36.8483579', lng: '174.7725834', city: 'Auckland', postCode: '1010', country: 'NZ' };
    const bankAccount = await newBankAccount(live);
    const res = await api('PUT', `/api/merchants/${merchantId}`, {
      key: live.apiKey,
      body: { name: 'Centrapay Café', location, settlementConfig: { bankAccountId: bankAccount.id } },
    });
    expectExchange(res, {
      ...MERCHANT,
      location: { lat: S, lng: S, city: S, postCode: S, country: S },
      settlementConfig: { bankAccountId: S },
    });
    expect(res.body.location).toEqual(location);
  });

  it('POST /api/merchants/{merchantId}/set-onboarding-status', async () => {
    const res = await api('POST', `/api/merchants/${merchantId}/set-onboarding-status`, {
      key: live.apiKey,
      body: { onboardingStatus: 'deactivated', onboardingStatusReason: 'change-of-ownership' },
    });
    expectExchange(res, {
      type: S,
      onboardingStatus: S,
      onboardingStatusReason: S,
      merchantId: S,
      createdAt: S,
      createdBy: S,
      activityNumber: S,
    });
  });

  it('POST /api/merchants/{merchantId}/metadata', async () => {
    const res = await api('POST', `/api/merchants/${merchantId}/metadata`, {
      key: live.apiKey,
      body: { metadata: { deviceId: 'device-001' } },
    });
    expectExchange(res, { merchantId: S, createdAt: S, createdBy: S, metadata: { deviceId: S } });
  });

  it('GET /api/merchants (deprecated): merchants of the caller', async () => {
    expectExchange(await api('GET', '/api/merchants', { key: live.apiKey }), { items: [MERCHANT] });
  });
});

describe('Merchants: search (no authentication)', () => {
  const SEARCH_RESULT: ShapeObject = {
    id: S,
    accountId: S,
    name: S,
    acceptedAssets: [{ assetType: S }],
    location: { lat: S, lng: S, city: S, country: S, postCode: S, state: S, street: S, suburb: S },
    categoryCode: S,
    loyaltyPrograms: [{ id: S, isMember: B }],
  };
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await newAccount();
    for (const [name, lat] of [
      ['Store 1', '-36.8480'],
      ['Store 2', '-36.8490'],
    ]) {
      const location = {
        lat,
        lng: '174.7630',
        city: 'Auckland',
        country: 'NZ',
        postCode: '1010',
        state: 'Auckland',
        street: '2 Street Street',
        suburb: 'Place',
      };
      const merchant = await api('POST', '/api/merchants', {
        key: owner.apiKey,
        body: { accountId: owner.accountId, name, country: 'NZ', test: true, location, categoryCode: '1740' },
      });
      expect(merchant.status).toBe(200);
      const config = await api('POST', `/api/merchants/${merchant.body.id}/configs`, {
        key: owner.apiKey,
        body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
      });
      expect(config.status).toBe(200);
    }
    // An active public loyalty program of the account: search lists it for each of its merchants.
    const program = await newLoyaltyProgram(owner);
    expect((await api('POST', `/api/loyalty-programs/${program.id}/activate`, { key: owner.apiKey })).status).toBe(200);
  });

  it(
    'GET /api/merchants/search: origin, distance, asset ' + '(`assetType,productId`), category, test, a page of one',
    async () => {
      const query = new URLSearchParams({
        origin: '-36.8485,174.7633',
        distance: '100',
        asset: 'svc.nzd.test,37873',
        paginationLimit: '1',
        categoryCode: '1740',
        test: 'true',
        accountId: owner.accountId,
      });
      const first = await api('GET', `/api/merchants/search?${query}`);
      expectExchange(first, { totalItems: N, items: [SEARCH_RESULT], nextPageKey: S });
      expect(first.body.totalItems).toBe(2);
      // The documented pageKey ("10") is an offset; ours are opaque: the next page is asked with the nextPageKey
      // answered.
      query.set('pageKey', first.body.nextPageKey);
      const second = await api('GET', `/api/merchants/search?${query}`);
      expectExchange(second, { totalItems: N, items: [SEARCH_RESULT] });
      expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    },
  );

  it(
    'GET /api/merchants/search?hasLoyaltyProgram=true: ' + 'merchants whose account has an active public program',
    async () => {
      const res = await api(
        'GET',
        `/api/merchants/search?test=true&hasLoyaltyProgram=true&accountId=${owner.accountId}`,
      );
      expectExchange(res, { totalItems: N, items: [SEARCH_RESULT] });
      expect(res.body.totalItems).toBe(2);
    },
  );
});

describe('Merchants: documented errors', () => {
  it('POST /api/merchants with a bank account of another account: 403 BANK_ACCOUNT_MISMATCH', async () => {
    const [owner, other] = await Promise.all([newAccount(), newAccount()]);
    const foreign = await newBankAccount(other);
    const res = await api('POST', '/api/merchants', {
      key: owner.apiKey,
      body: {
        accountId: owner.accountId,
        name: 'Cafe',
        country: 'NZ',
        test: true,
        settlementConfig: { bankAccountId: foreign.id },
      },
    });
    expectError(res, 403, 'BANK_ACCOUNT_MISMATCH');
  });

  it('POST /api/merchants with a country other than the account region: 403 ACCOUNT_REGION_MISMATCH', async () => {
    const owner = await newAccount({ region: 'NZ' });
    const res = await api('POST', '/api/merchants', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, name: 'Cafe', country: 'AU', test: true },
    });
    expectError(res, 403, 'ACCOUNT_REGION_MISMATCH');
  });

  it(
    'PUT /api/merchants/{merchantId} with a bank account ' + "that is not the account's: 403 BANK_ACCOUNT_MISMATCH",
    async () => {
      const owner = await newAccount();
      const merchant = await api('POST', '/api/merchants', {
        key: owner.apiKey,
        body: { accountId: owner.accountId, name: 'Cafe', country: 'NZ', test: true },
      });
      const res = await api('PUT', `/api/merchants/${merchant.body.id}`, {
        key: owner.apiKey,
        body: { settlementConfig: { bankAccountId: 'NoSuchBankAccount12345' } },
      });
      expectError(res, 403, 'BANK_ACCOUNT_MISMATCH');
    },
  );
});
