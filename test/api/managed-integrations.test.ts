import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { ok, uniqueKey, written } from '../support/value';
import { MAX_INTEGRATIONS_PER_ACCOUNT } from '../../functions/managed-integrations';

// Several calls each on a machine the other suites load: the project's 30 s, which jest applies only globally.
jest.setTimeout(30_000);

const refused = (message: string) => ({ ...FORBIDDEN, message });
const invalid = (reason: string) => ({ statusCode: 400, error: 'Bad Request', message: 'INVALID_PARAMS', reason });

const put = (caller: TestAccount, type: string, externalId: string, body: Record<string, unknown>) =>
  api('PUT', `/api/managed-integrations/${type}/${externalId}`, { key: caller.apiKey, body });
const get = (caller: TestAccount, type: string, externalId: string) =>
  api('GET', `/api/managed-integrations/${type}/${externalId}`, { key: caller.apiKey });
const referral = (merchant: MerchantSetup) => ({
  platformMerchantId: merchant.merchantId,
  email: 'owner@cafe.example',
});

const TERMINAL = { provider: 'verifone', terminalId: 'T-1', kitId: 'K-1', reseller: 'Acme', kitType: 'V400' };
const PARTNER_MERCHANT = {
  partnerMerchantId: 'pm-1',
  merchantName: 'Cafe One',
  merchantStreetNumberName: '1 Queen Street',
  merchantSuburb: 'CBD',
  merchantTown: 'Auckland',
  merchantCountry: 'NZ',
  merchantPostCode: '1010',
  merchantCategoryCode: '5812',
  settlementAcct: '12-3456-7890123-00',
  merchantContactName: 'Ana',
  merchantEmail: 'ana@cafe.example',
  terminals: [TERMINAL],
};
const BUSINESS = {
  partnerBusinessId: 'pb-1',
  companyName: 'Cafe Group Ltd',
  tradingName: 'Cafe Group',
  primaryContactName: 'Ana',
  primaryContactEmail: 'ana@cafe.example',
  merchants: [PARTNER_MERCHANT],
};

describe('managed integrations', () => {
  let merchant: MerchantSetup;
  let stranger: TestAccount;
  beforeAll(async () => {
    [merchant, stranger] = await Promise.all([newMerchant(), newAccount()]);
  });

  it(
    'creates a payment referral of the caller’s merchant: enabled, it is provisioning (inProgress); the test flag ' +
      'of a test account',
    async () => {
      const externalId = uniqueKey('ref');
      const res = await put(merchant.owner, 'payment-referral', externalId, {
        enabled: true,
        params: { ...referral(merchant), planted: 'x' },
      });
      expect(res.body).toEqual({
        id: expect.any(String),
        type: 'payment-referral',
        externalId,
        enabled: true,
        params: referral(merchant),
        status: 'provisioning',
        inProgress: true,
        test: true,
        createdAt: expect.stringMatching(/Z$/),
        createdBy: expect.stringMatching(`^crn:${merchant.owner.accountId}:api-key:`),
        updatedAt: res.body.createdAt,
        updatedBy: res.body.createdBy,
      });
      expect((await get(merchant.owner, 'payment-referral', externalId)).body).toEqual(res.body);
    },
  );

  it(
    'moves its status with `enabled`: created, provisioning, ' + 'inactive, provisioning again; keeps id and creation',
    async () => {
      const externalId = uniqueKey('ref');
      const created = await ok(
        put(merchant.owner, 'payment-referral', externalId, { enabled: false, params: referral(merchant) }),
      );
      expect(created).toMatchObject({ status: 'created', inProgress: false, enabled: false });
      const enabled = await ok(
        put(merchant.owner, 'payment-referral', externalId, { enabled: true, params: referral(merchant) }),
      );
      expect(enabled).toMatchObject({
        id: created.id,
        createdAt: created.createdAt,
        status: 'provisioning',
        inProgress: true,
      });
      const disabled = await ok(
        put(merchant.owner, 'payment-referral', externalId, {
          enabled: false,
          params: { ...referral(merchant), email: 'new@cafe.example' },
        }),
      );
      expect(disabled).toMatchObject({
        id: created.id,
        status: 'inactive',
        inProgress: false,
        params: { email: 'new@cafe.example' },
      });
      expect(
        await ok(put(merchant.owner, 'payment-referral', externalId, { enabled: true, params: referral(merchant) })),
      ).toMatchObject({ status: 'provisioning', inProgress: true });
    },
  );

  it(
    'takes a partner business with its merchants and ' + 'terminals; enabled, it waits for its claim (pending)',
    async () => {
      const owner = await newAccount();
      const res = await put(owner, 'partner-business', 'pb-1', { enabled: true, params: BUSINESS });
      expect(res.body).toMatchObject({
        type: 'partner-business',
        externalId: 'pb-1',
        status: 'pending',
        inProgress: false,
        params: BUSINESS,
      });
      expect(res.body).not.toHaveProperty('claimedByAccountId');
      // Another account's external ids are its own: the same one names another integration.
      const theirs = await ok(put(stranger, 'partner-business', 'pb-1', { enabled: false, params: BUSINESS }));
      expect(theirs.id).not.toBe(res.body.id);
      expect((await get(owner, 'partner-business', 'pb-1')).body.status).toBe('pending');
    },
  );

  it('refuses params invalid for the type (INVALID_PARAMS naming the field), writing nothing', async () => {
    const owner = await newAccount();
    const cases: [string, unknown, string][] = [
      ['payment-referral', { email: 'a@b.example' }, 'params.platformMerchantId is required'],
      ['payment-referral', { ...referral(merchant), email: 'not-an-email' }, 'params.email has an invalid format'],
      ['partner-business', { ...BUSINESS, companyName: undefined }, 'params.companyName is required'],
      [
        'partner-business',
        { ...BUSINESS, merchants: [{ ...PARTNER_MERCHANT, settlementAcct: 7 }] },
        'params.merchants.0.settlementAcct must be a non-empty string',
      ],
      [
        'partner-business',
        { ...BUSINESS, merchants: [{ ...PARTNER_MERCHANT, terminals: [{ ...TERMINAL, provider: 'teller' }] }] },
        'params.merchants.0.terminals.0.provider must be one of: epay, invenco, skyzer, smartpay, verifone, ' +
          'vista, windcave, shopify',
      ],
      [
        'partner-business',
        { ...BUSINESS, merchants: [PARTNER_MERCHANT, PARTNER_MERCHANT] },
        "params.merchants.1.partnerMerchantId repeats another item's",
      ],
      [
        'partner-business',
        {
          ...BUSINESS,
          merchants: Array.from({ length: 21 }, (_, i) => ({ ...PARTNER_MERCHANT, partnerMerchantId: `pm-${i}` })),
        },
        'params.merchants must have at most 20 items',
      ],
    ];
    for (const [type, params, reason] of cases) {
      const res = await put(owner, type, uniqueKey('bad'), { enabled: true, params });
      expect({ body: res.body, written: written(res) }).toEqual({ body: invalid(reason), written: [] });
    }
    expect((await put(owner, 'payment-referral', uniqueKey('x'), { enabled: true })).body.message).toBe(
      'params is required',
    );
    expect((await put(owner, 'teller', 'x', { enabled: true, params: {} })).body.message).toBe(
      'type must be one of: payment-referral, partner-business',
    );
    expect(
      (await put(owner, 'payment-referral', 'bad%20id', { enabled: true, params: referral(merchant) })).status,
    ).toBe(400);
  });

  it(
    'refuses a referral of a missing merchant or another account’s (MERCHANT_NOT_FOUND) and of the other liveness ' +
      '(MERCHANT_LIVENESS_MISMATCH)',
    async () => {
      const missing = await put(merchant.owner, 'payment-referral', uniqueKey('ref'), {
        enabled: true,
        params: { ...referral(merchant), platformMerchantId: 'zzNoSuchMerchantzzzzzz' },
      });
      expect({ body: missing.body, written: written(missing) }).toEqual({
        body: refused('MERCHANT_NOT_FOUND'),
        written: [],
      });
      const foreign = await put(stranger, 'payment-referral', uniqueKey('ref'), {
        enabled: true,
        params: referral(merchant),
      });
      expect({ body: foreign.body, written: written(foreign) }).toEqual({
        body: refused('MERCHANT_NOT_FOUND'),
        written: [],
      });
      const live = await put(merchant.owner, 'payment-referral', uniqueKey('ref'), {
        enabled: true,
        params: referral(merchant),
        test: false,
      });
      expect({ body: live.body, written: written(live) }).toEqual({
        body: refused('MERCHANT_LIVENESS_MISMATCH'),
        written: [],
      });
    },
  );

  it('takes at most MAX_INTEGRATIONS_PER_ACCOUNT per account (MANAGED_INTEGRATION_LIMIT_EXCEEDED), writing ' +
    'nothing; an update of one still goes', async () => {
    const own = await newMerchant();
    const body = { enabled: false, params: referral(own) };
    const prefix = uniqueKey('many');
    for (let i = 0; i < MAX_INTEGRATIONS_PER_ACCOUNT; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, j) => put(own.owner, 'payment-referral', `${prefix}-${i + j}`, body)),
      );
      expect(batch.map((r) => r.status)).toEqual(Array(25).fill(200));
    }
    const over = await put(own.owner, 'payment-referral', `${prefix}-over`, body);
    expect(over.body).toMatchObject({ statusCode: 403, message: 'MANAGED_INTEGRATION_LIMIT_EXCEEDED' });
    expect(written(over)).toEqual([]);
    expect((await put(own.owner, 'payment-referral', `${prefix}-0`, { ...body, enabled: true })).status).toBe(200);
  }, 120_000);

  it('fixes `test` once created', async () => {
    const owner = await newAccount();
    const externalId = uniqueKey('pb');
    const live = await ok(
      put(owner, 'partner-business', externalId, { enabled: false, params: BUSINESS, test: false }),
    );
    expect(live).not.toHaveProperty('test');
    const change = await put(owner, 'partner-business', externalId, { enabled: false, params: BUSINESS, test: true });
    expect({ status: change.status, message: change.body.message, written: written(change) }).toEqual({
      status: 400,
      message: 'test cannot be changed once the managed integration is created',
      written: [],
    });
    expect(
      await ok(put(owner, 'partner-business', externalId, { enabled: true, params: BUSINESS })),
    ).not.toHaveProperty('test');
  });

  it(
    'lists an account’s integrations newest first, paginated; another account’s integrations and list are ' +
      'FORBIDDEN',
    async () => {
      const owner = await newAccount();
      const first = await ok(put(owner, 'partner-business', 'first', { enabled: false, params: BUSINESS }));
      const second = await ok(put(owner, 'partner-business', 'second', { enabled: true, params: BUSINESS }));
      const page1 = await api('GET', `/api/accounts/${owner.accountId}/managed-integrations?paginationLimit=1`, {
        key: owner.apiKey,
      });
      expect(page1.body.items).toEqual([second]);
      const page2 = await api(
        'GET',
        `/api/accounts/${owner.accountId}/managed-integrations?pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
        { key: owner.apiKey },
      );
      expect(page2.body).toEqual({ items: [first] });
      expect(
        (await api('GET', `/api/accounts/${owner.accountId}/managed-integrations`, { key: stranger.apiKey })).body,
      ).toEqual(FORBIDDEN);
      expect(
        (await api('GET', `/api/accounts/${owner.accountId}/managed-integrations`, { key: seed().operatorApiKey })).body
          .items,
      ).toHaveLength(2);
      expect((await get(stranger, 'partner-business', 'first')).body).toEqual(FORBIDDEN);
      const overwrite = await put(stranger, 'partner-business', 'first', { enabled: true, params: BUSINESS });
      expect(overwrite.status).toBe(200);
      expect((await get(owner, 'partner-business', 'first')).body).toEqual(first);
    },
  );

  it('is for account owners of org accounts', async () => {
    const terminal = await newAccount({ role: 'merchant-terminal' });
    const individual = await newAccount({ type: 'individual' });
    for (const caller of [terminal, individual]) {
      const res = await put(caller, 'partner-business', uniqueKey('pb'), { enabled: true, params: BUSINESS });
      expect({ body: res.body, written: written(res) }).toEqual({ body: FORBIDDEN, written: [] });
    }
  });
});

describe('the provider’s outcomes (the operator stands in for the provider)', () => {
  let merchant: MerchantSetup;
  beforeAll(async () => {
    merchant = await newMerchant();
  });

  const report = (owner: TestAccount, externalId: string, outcome: string, key = seed().operatorApiKey) =>
    api(
      'POST',
      `/api/accounts/${owner.accountId}/managed-integrations/payment-referral/${externalId}/provider-outcome`,
      { key, body: { outcome } },
    );
  const write = (externalId: string, enabled: boolean) =>
    ok(put(merchant.owner, 'payment-referral', externalId, { enabled, params: referral(merchant) }));
  const referralOf = async (enabled: boolean, externalId = uniqueKey('ref')) => {
    await write(externalId, enabled);
    return externalId;
  };
  const invalidStatus = { body: refused('MANAGED_INTEGRATION_INVALID_STATUS'), written: [] };
  const refusal = (res: Awaited<ReturnType<typeof report>>) => ({ body: res.body, written: written(res) });

  it('provisioned: a provisioning integration becomes active, no longer in progress; reported once', async () => {
    const externalId = await referralOf(true);
    const active = await ok(report(merchant.owner, externalId, 'provisioned'));
    expect(active).toMatchObject({ status: 'active', inProgress: false, enabled: true });
    expect(active.updatedBy).toMatch(/^crn:.*:api-key:/);
    expect((await get(merchant.owner, 'payment-referral', externalId)).body).toEqual(active);
    expect(refusal(await report(merchant.owner, externalId, 'provisioned'))).toEqual(invalidStatus);
    expect(refusal(await report(merchant.owner, externalId, 'failed'))).toEqual(invalidStatus);
    // Enabled again, an active integration stays active.
    expect(await write(externalId, true)).toMatchObject({ status: 'active', inProgress: false });
  });

  it('failed: provisioning ends inactive, still enabled; enabling again provisions it again', async () => {
    const externalId = await referralOf(true);
    const failed = await ok(report(merchant.owner, externalId, 'failed'));
    expect(failed).toMatchObject({ status: 'inactive', inProgress: false, enabled: true });
    expect(await write(externalId, true)).toMatchObject({ status: 'provisioning', inProgress: true });
  });

  it('deprovisioned: only a disabled inactive integration, which is archived for good', async () => {
    const externalId = await referralOf(true);
    expect(refusal(await report(merchant.owner, externalId, 'deprovisioned'))).toEqual(invalidStatus);
    await ok(report(merchant.owner, externalId, 'provisioned'));
    expect(refusal(await report(merchant.owner, externalId, 'deprovisioned'))).toEqual(invalidStatus);
    await write(externalId, false);
    const archived = await ok(report(merchant.owner, externalId, 'deprovisioned'));
    expect(archived).toMatchObject({ status: 'archived', inProgress: false, enabled: false });
    expect(await write(externalId, true)).toMatchObject({ status: 'archived', inProgress: false, enabled: true });
    // Never provisioned, a disabled integration has nothing at the provider to remove.
    expect(refusal(await report(merchant.owner, await referralOf(false), 'deprovisioned'))).toEqual(invalidStatus);
  });

  it('is the operator’s: the account’s own key, a missing integration and a bad outcome are refused', async () => {
    const externalId = await referralOf(true);
    expect(refusal(await report(merchant.owner, externalId, 'provisioned', merchant.owner.apiKey))).toEqual({
      body: FORBIDDEN,
      written: [],
    });
    expect(refusal(await report(merchant.owner, uniqueKey('none'), 'provisioned'))).toEqual({
      body: FORBIDDEN,
      written: [],
    });
    const bad = await report(merchant.owner, externalId, 'done');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('outcome');
    expect(written(bad)).toEqual([]);
    expect((await get(merchant.owner, 'payment-referral', externalId)).body).toMatchObject({ status: 'provisioning' });
  });
});
