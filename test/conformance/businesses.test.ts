/**
 * Docs page "Businesses": src/content/api/businesses.mdoc and its example exchanges (businesses, the company register).
 */
import { api, newAccount } from '../support/api';
import { company } from '../support/batches';
import { except, expectError, expectExchange, N, O, S, type ShapeObject } from './support';

const LOCATION = {
  street: '1 Head Office Way',
  city: 'Wellington',
  state: 'Wellington',
  postCode: '6011',
  country: 'NZ',
};
const TAX = { value: '123-456-789', type: 'nz-gst' };

const BUSINESS: ShapeObject = {
  id: S,
  accountId: S,
  accountName: S,
  nzbn: S,
  name: S,
  tradingName: S,
  companyNumber: S,
  createdAt: S,
  updatedAt: S,
  createdBy: S,
  updatedBy: S,
  taxNumber: { value: S, type: S },
  location: { street: S, city: S, state: S, postCode: S, country: S },
  onboardingStatus: S,
};

/** The update example's cooperative number, under our name for it (docs/conformance.md). */
const COOPERATIVE = { farmlandsBusinessNumber: 'our name for it is cooperativeBusinessNumber (docs/conformance.md)' };

describe('Businesses: documented example exchanges', () => {
  it('POST /api/businesses (a new org account for it) and GET /api/accounts/{accountId}/business', async () => {
    const owner = await newAccount();
    const res = await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: company(6).nzbn, taxNumber: TAX, location: LOCATION },
    });
    expectExchange(res, BUSINESS);
    const read = await api('GET', `/api/accounts/${res.body.accountId}/business`, { key: owner.apiKey });
    const {
      id,
      accountId,
      accountName,
      nzbn,
      name,
      tradingName,
      companyNumber,
      createdAt,
      updatedAt,
      createdBy,
      updatedBy,
    } = BUSINESS;
    expectExchange(read, {
      id,
      accountId,
      accountName,
      nzbn,
      name,
      tradingName,
      companyNumber,
      createdAt,
      updatedAt,
      createdBy,
      updatedBy,
    });
  });

  it('PUT /api/businesses/{businessId} and POST …/set-onboarding-status', async () => {
    const owner = await newAccount();
    const business = await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: company(8).nzbn, accountId: owner.accountId },
    });
    const updated = await api('PUT', `/api/businesses/${business.body.id}`, {
      key: owner.apiKey,
      body: { taxNumber: TAX, cooperativeBusinessNumber: '12345678', location: LOCATION },
    });
    expectExchange(updated, except({ ...BUSINESS, farmlandsBusinessNumber: S }, COOPERATIVE));
    expect(updated.body.cooperativeBusinessNumber).toBe('12345678');
    const activity = await api('POST', `/api/businesses/${business.body.id}/set-onboarding-status`, {
      key: owner.apiKey,
      body: { onboardingStatus: 'deactivated', onboardingStatusReason: 'change-of-ownership' },
    });
    expectExchange(activity, {
      type: S,
      onboardingStatus: S,
      onboardingStatusReason: S,
      businessId: S,
      createdAt: S,
      createdBy: S,
      activityNumber: N,
    });
  });

  it('GET /api/nzbn-search and GET /api/nzbn/{nzbn}', async () => {
    const owner = await newAccount();
    const search = await api('GET', '/api/nzbn-search?q=kowhai', { key: owner.apiKey });
    expectExchange(search, { items: [{ nzbn: S, companyName: S, companyNumber: S }] });
    const details = await api('GET', `/api/nzbn/${company(0).nzbn}`, { key: owner.apiKey });
    expectExchange(details, {
      nzbn: S,
      companyName: S,
      tradingName: S,
      companyNumber: S,
      directors: [{ firstName: S, lastName: S, addressLines: [S] }],
    });
    expect(typeof details.body.directors[0]).toBe(O);
  });
});

describe('Businesses: documented errors', () => {
  it('INVALID_ACCOUNT, INVALID_NZBN, BUSINESS_ALREADY_EXISTS', async () => {
    const [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
    expectError(
      await api('POST', '/api/businesses', {
        key: owner.apiKey,
        body: { nzbn: company(7).nzbn, accountId: stranger.accountId },
      }),
      403,
      'INVALID_ACCOUNT',
    );
    expectError(
      await api('POST', '/api/businesses', {
        key: owner.apiKey,
        body: { nzbn: '9999999999999', accountId: owner.accountId },
      }),
      403,
      'INVALID_NZBN',
    );
    await api('POST', '/api/businesses', {
      key: owner.apiKey,
      body: { nzbn: company(7).nzbn, accountId: owner.accountId },
    });
    expectError(
      await api('POST', '/api/businesses', {
        key: stranger.apiKey,
        body: { nzbn: company(7).nzbn, accountId: stranger.accountId },
      }),
      403,
      'BUSINESS_ALREADY_EXISTS',
    );
  });

  it(
    'BUSINESS_ALREADY_EXISTS from set-onboarding-status: ' + 'a deactivated business whose NZBN another now holds',
    async () => {
      // company(8)'s business of the exchange above was deactivated, which released its NZBN.
      const second = await newAccount();
      const taker = await api('POST', '/api/businesses', {
        key: second.apiKey,
        body: { nzbn: company(8).nzbn, accountId: second.accountId },
      });
      expect(taker.status).toBe(200);
      await api('POST', `/api/businesses/${taker.body.id}/set-onboarding-status`, {
        key: second.apiKey,
        body: { onboardingStatus: 'deactivated', onboardingStatusReason: 'duplicate' },
      });
      const third = await newAccount();
      const holder = await api('POST', '/api/businesses', {
        key: third.apiKey,
        body: { nzbn: company(8).nzbn, accountId: third.accountId },
      });
      expect(holder.status).toBe(200);
      expectError(
        await api('POST', `/api/businesses/${taker.body.id}/set-onboarding-status`, {
          key: second.apiKey,
          body: { onboardingStatus: 'active' },
        }),
        403,
        'BUSINESS_ALREADY_EXISTS',
      );
    },
  );
});
