/**
 * Docs page "Managed Integrations": src/content/api/managed-integrations.mdoc and its example
 * exchanges. The docs' brand-named type and merchant field are our `payment-referral` and
 * `platformMerchantId`. The examples show a claimed integration: here a payment referral is
 * provisioned at once and never claimed (docs/api/integrations.md), so the claimed fields round-trip on
 * a partner business claimed through its invitation, in the same three exchanges.
 */
import { api, newAccount, type TestAccount } from '../support/api';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { ok, uniqueKey } from '../support/value';
import { B, except, expectError, expectExchange, S, type ShapeObject } from './support';

// Several calls each on a machine the other suites load: the project's 30 s, which jest applies only globally.
jest.setTimeout(30_000);

const INTEGRATION: ShapeObject = {
  id: S,
  type: S,
  externalId: S,
  enabled: B,
  params: { platformMerchantId: S, email: S },
  status: S,
  claimedByAccountId: S,
  claimedBy: S,
  claimedAt: S,
  inProgress: B,
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
};

const claim = 'a payment referral is provisioned at once, never claimed: checked on a claimed partner business';
const SHAPE = except(INTEGRATION, { claimedByAccountId: claim, claimedBy: claim, claimedAt: claim });
const BUSINESS = {
  partnerBusinessId: 'pb-1',
  companyName: 'Cafe Group Ltd',
  primaryContactName: 'Ana',
  primaryContactEmail: 'ana@cafe.example',
};
const CLAIMED: ShapeObject = {
  ...INTEGRATION,
  params: { partnerBusinessId: S, companyName: S, primaryContactName: S, primaryContactEmail: S },
  invitation: { id: S, code: S, expiresAt: S },
};

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

const referral = (externalId: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  api('PUT', `/api/managed-integrations/payment-referral/${externalId}`, {
    key: merchant.owner.apiKey,
    body: {
      enabled: true,
      params: { platformMerchantId: merchant.merchantId, email: 'test@example.com', ...params },
      ...extra,
    },
  });

describe('Managed Integrations: documented example exchanges', () => {
  it('PUT /api/managed-integrations/{type}/{externalId}', async () => {
    const res = await referral(uniqueKey('DKTs3U38'));
    expectExchange(res, SHAPE);
    expect(res.body).toMatchObject({ status: 'provisioning', inProgress: true });
  });

  it('GET /api/managed-integrations/{type}/{externalId}', async () => {
    const externalId = uniqueKey('DKTs3U38');
    await ok(referral(externalId));
    expectExchange(
      await api('GET', `/api/managed-integrations/payment-referral/${externalId}`, { key: merchant.owner.apiKey }),
      SHAPE,
    );
  });

  it('GET /api/accounts/{accountId}/managed-integrations: a page and the next', async () => {
    const owner = await newMerchant();
    for (const externalId of ['first', 'second']) {
      await ok(
        api('PUT', `/api/managed-integrations/payment-referral/${externalId}`, {
          key: owner.owner.apiKey,
          body: { enabled: true, params: { platformMerchantId: owner.merchantId, email: 'test@example.com' } },
        }),
      );
    }
    const first = await api('GET', `/api/accounts/${owner.owner.accountId}/managed-integrations?paginationLimit=1`, {
      key: owner.owner.apiKey,
    });
    expectExchange(first, { nextPageKey: S, items: [SHAPE] });
    const next = await api(
      'GET',
      `/api/accounts/${owner.owner.accountId}/managed-integrations` +
        `?pageKey=${encodeURIComponent(first.body.nextPageKey)}`,
      { key: owner.owner.apiKey },
    );
    expectExchange(next, { items: [SHAPE] });
  });
});

describe('Managed Integrations: the examples’ claimed integration', () => {
  let partner: TestAccount;
  let claimant: TestAccount;
  const externalId = uniqueKey('DKTs3U38');
  const path = `/api/managed-integrations/partner-business/${externalId}`;
  beforeAll(async () => {
    [partner, claimant] = await Promise.all([newAccount(), newAccount()]);
    const pending = await ok(api('PUT', path, { key: partner.apiKey, body: { enabled: true, params: BUSINESS } }));
    await ok(
      api('POST', `/api/invitations/${pending.invitation.id}/accept`, {
        key: claimant.apiKey,
        body: { code: pending.invitation.code, accountId: claimant.accountId },
      }),
    );
  });

  it('PUT /api/managed-integrations/{type}/{externalId}: an update of a claimed one', async () => {
    const res = await api('PUT', path, { key: partner.apiKey, body: { enabled: true, params: BUSINESS } });
    expectExchange(res, CLAIMED);
    expect(res.body).toMatchObject({
      status: 'provisioning',
      inProgress: true,
      claimedByAccountId: claimant.accountId,
    });
  });

  it('GET /api/managed-integrations/{type}/{externalId}', async () => {
    expectExchange(await api('GET', path, { key: partner.apiKey }), CLAIMED);
  });

  it(
    'GET /api/accounts/{accountId}/managed-integrations: ' + 'the claiming account’s, as the example lists them',
    async () => {
      const res = await api('GET', `/api/accounts/${claimant.accountId}/managed-integrations`, {
        key: claimant.apiKey,
      });
      expectExchange(res, { items: [CLAIMED] });
      expect(res.body.items[0].claimedByAccountId).toBe(claimant.accountId);
    },
  );
});

describe('Managed Integrations: documented errors', () => {
  it('params invalid for the type: 400 INVALID_PARAMS', async () => {
    expectError(await referral(uniqueKey('x'), { email: 42 }), 400, 'INVALID_PARAMS');
  });

  it('a merchant of the other liveness: 403 MERCHANT_LIVENESS_MISMATCH', async () => {
    expectError(await referral(uniqueKey('x'), {}, { test: false }), 403, 'MERCHANT_LIVENESS_MISMATCH');
  });

  it('no merchant with the params’ merchant id: 403 MERCHANT_NOT_FOUND', async () => {
    expectError(
      await referral(uniqueKey('x'), { platformMerchantId: 'zzNoSuchMerchantzzzzzz' }),
      403,
      'MERCHANT_NOT_FOUND',
    );
    const stranger = await newAccount();
    const theirs = await api('PUT', `/api/managed-integrations/payment-referral/${uniqueKey('x')}`, {
      key: stranger.apiKey,
      body: { enabled: true, params: { platformMerchantId: merchant.merchantId, email: 'test@example.com' } },
    });
    expectError(theirs, 403, 'MERCHANT_NOT_FOUND');
  });
});
