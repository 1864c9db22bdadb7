import { handler as runDigests } from '../../functions/consumers/sales-channel-digests';
import {
  MAX_MERCHANT_DEVICES,
  MAX_ONBOARDING_CHANNELS,
  MAX_ONBOARDING_MERCHANTS,
} from '../../functions/businesses/schemas';
import { api, FORBIDDEN, newAccount, type Json, type TestAccount } from '../support/api';
import { newAssetProgram } from '../support/asset-programs';
import { newBankAccount, uniqueBankNumber } from '../support/bank';
import { company } from '../support/batches';
import { waitFor } from '../support/clock';
import { emailsTo } from '../support/inbox';
import { endDay } from '../support/settlements';
import { collectionManager, ok, uniqueEmail, uniqueKey } from '../support/value';

/**
 * Business onboarding requests (POST /api/businesses/onboard, GET …/onboard/{id}): one request makes a business's
 * account, business, settlement bank account, program membership, merchants and sales channel memberships, all or
 * nothing. Every outcome is read back through the API.
 */
const refused = (message: string) => ({ ...FORBIDDEN, message });
const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message });

let acquirer: TestAccount;
let stranger: TestAccount;
let programId: string;
let channelId: string;

beforeAll(async () => {
  [acquirer, stranger] = await Promise.all([collectionManager(), newAccount()]);
  programId = (await newAssetProgram(acquirer)).id;
  // A channel whose devices must give their serial number.
  channelId = (
    await ok(
      api('POST', '/api/sales-channels', {
        key: acquirer.apiKey,
        body: {
          name: 'Terminal Co',
          type: 'provider',
          accountId: acquirer.accountId,
          notificationUrl: 'https://terminals.example.com/connect',
          deviceSerialNumber: true,
        },
      }),
    )
  ).id;
}, 60_000);

const ADDRESS = { street: '12 Quay Street', city: 'Wellington', postCode: '6011', country: 'NZ' };
const merchant = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  categoryCode: '5812',
  type: 'physical',
  contactName: 'Bob Brown',
  location: ADDRESS,
  ...changes,
});
const device = (deviceId: string, params: Record<string, unknown> = {}) => ({
  params: { salesChannelId: channelId, vendor: 'Terminal Co', deviceId, serialNumber: `SN-${deviceId}`, ...params },
});
const request = (changes: Record<string, unknown> = {}) => ({
  legalName: 'Harbour Cafe Limited',
  contactEmail: 'owner@harbour.example',
  assetProgram: {
    assetProgramId: programId,
    params: { settlementAccountNumber: uniqueBankNumber(), externalMerchantId: 'ext-merchant-1' },
  },
  merchant: merchant(uniqueKey('Harbour')),
  salesChannels: [device('till-1')],
  ...changes,
});
const onboard = (body: unknown, key = acquirer.apiKey) => api('POST', '/api/businesses/onboard', { key, body });
const get = (path: string, key = acquirer.apiKey) => api('GET', path, { key });

/** Merchants of either liveness whose name starts with `prefix`, wherever they are (search is public). */
const merchantsNamed = async (prefix: string) =>
  (await ok(get(`/api/merchants/search?test=true&name=${encodeURIComponent(prefix.toLowerCase())}`))).items;
/** The program's memberships not yet accepted: what an onboarding request makes. */
const programMemberships = async () =>
  (await ok(get(`/api/asset-programs/${programId}/asset-program-memberships?status=created&paginationLimit=100`)))
    .items as Json[];

describe('business onboarding requests', () => {
  it('makes the account, business, bank account, memberships and merchant, and reads them back', async () => {
    const body = request({
      nzbn: company(100).nzbn,
      tradingName: 'Harbour Cafe',
      location: ADDRESS,
      taxNumber: { value: '123-456-789', type: 'nz-gst' },
      metadata: { referenceId: 'ref-1' },
    });
    const res = await onboard(body);
    expect(res.status).toBe(200);
    const made = res.body;
    expect(made).toEqual({
      ...body,
      id: expect.stringMatching(/^bo_[1-9A-HJ-NP-Za-km-z]{22}$/),
      contactName: 'Bob Brown',
      status: 'completed',
      created: {
        accountId: expect.any(String),
        businessId: expect.any(String),
        bankAccountId: expect.any(String),
        assetProgramMembershipId: expect.stringMatching(/^apm_/),
        merchants: [{ merchantId: expect.any(String), salesChannelMembershipIds: [expect.stringMatching(/^scm_/)] }],
      },
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(`^crn:${acquirer.accountId}:`),
    });
    expect(await ok(get(`/api/businesses/onboard/${made.id}`))).toEqual(made);

    const { accountId, businessId, bankAccountId, assetProgramMembershipId } = made.created;
    const [merchantMade] = made.created.merchants;
    // The acquirer's keys act for the account it onboarded.
    expect(await ok(get(`/api/accounts/${accountId}/business`))).toMatchObject({
      id: businessId,
      accountId,
      nzbn: company(100).nzbn,
      name: company(100).companyName,
      tradingName: 'Harbour Cafe',
      onboardingStatus: 'applied',
    });
    expect(await ok(get(`/api/bank-accounts/${bankAccountId}`))).toMatchObject({
      accountId,
      bankAccountName: 'Harbour Cafe Limited',
    });
    expect(await ok(get(`/api/asset-program-memberships/${assetProgramMembershipId}`))).toMatchObject({
      accountId,
      assetProgramId: programId,
      status: 'created',
      billingBankAccountId: bankAccountId,
    });
    const merchants = await ok(get(`/api/accounts/${accountId}/merchants`));
    expect(merchants.items).toEqual([
      expect.objectContaining({
        id: merchantMade.merchantId,
        name: body.merchant.name,
        type: 'physical',
        categoryCode: '5812',
        settlementConfig: { bankAccountId },
        onboardingStatus: 'applied',
      }),
    ]);
    // Joining the channel again answers the membership the request made.
    const joined = await ok(
      api('POST', '/api/sales-channel-memberships', {
        key: acquirer.apiKey,
        body: { salesChannelId: channelId, merchantId: merchantMade.merchantId },
      }),
    );
    expect(joined.id).toBe(merchantMade.salesChannelMembershipIds[0]);
  });

  it('a request whose third merchant is invalid leaves no business, merchant or membership', async () => {
    const prefix = uniqueKey('Third');
    const before = (await programMemberships()).length;
    const merchants = (third: Record<string, unknown>) => [
      { ...merchant(`${prefix} One`), salesChannels: [device('one-1'), device('one-2')] },
      { ...merchant(`${prefix} Two`), salesChannels: [device('two-1')] },
      merchant(`${prefix} Three`, third),
    ];
    const body = (third: Record<string, unknown>) =>
      request({ nzbn: company(101).nzbn, merchant: undefined, salesChannels: undefined, merchants: merchants(third) });
    // The third merchant is in another country than the account it would join.
    const refusedRes = await onboard(body({ location: { ...ADDRESS, country: 'AU' } }));
    expect(refusedRes.body).toEqual(refused('ACCOUNT_REGION_MISMATCH'));

    expect(await merchantsNamed(prefix)).toEqual([]);
    expect(await programMemberships()).toHaveLength(before);
    // The NZBN is still free: no business claimed it, so the corrected request takes it.
    const corrected = await onboard(body({}));
    expect(corrected.status).toBe(200);
    expect(corrected.body.created.merchants).toHaveLength(3);
    expect(corrected.body.created.merchants[0].salesChannelMembershipIds).toHaveLength(1);
    expect(await ok(get(`/api/accounts/${corrected.body.created.accountId}/business`))).toMatchObject({
      nzbn: company(101).nzbn,
    });
    expect((await merchantsNamed(prefix)).map((m: Json) => m.name).sort()).toEqual(
      [`${prefix} One`, `${prefix} Three`, `${prefix} Two`].sort(),
    );
    expect((await programMemberships()).map((m) => m.id)).toContain(corrected.body.created.assetProgramMembershipId);
    expect(await programMemberships()).toHaveLength(before + 1);
  });

  it('a write refused at commit leaves nothing either: the settlement account already has two holders', async () => {
    const number = uniqueBankNumber();
    const [first, second] = await Promise.all([newAccount(), newAccount()]);
    await Promise.all([
      newBankAccount(first, { bankAccountNumber: number }),
      newBankAccount(second, { bankAccountNumber: number }),
    ]);
    const name = uniqueKey('Held');
    const externalId = uniqueKey('held');
    const body = request({ externalId, merchant: merchant(name) });
    body.assetProgram.params.settlementAccountNumber = number;
    const before = (await programMemberships()).length;

    expect((await onboard(body)).body).toEqual(refused('BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED'));
    expect(await merchantsNamed(name)).toEqual([]);
    expect(await programMemberships()).toHaveLength(before);
    // Nor was the external id claimed: a new body under it is a first request.
    body.assetProgram.params.settlementAccountNumber = uniqueBankNumber();
    expect((await onboard(body)).status).toBe(200);
  });

  it('the same externalId and body answers the request made first; another body is DUPLICATE_EXTERNAL_ID', async () => {
    const body = request({ externalId: uniqueKey('ext') });
    const first = await ok(onboard(body));
    const again = await ok(onboard(body));
    expect(again).toEqual(first);
    expect((await ok(get(`/api/accounts/${first.created.accountId}/merchants`))).items).toHaveLength(1);
    expect((await onboard({ ...body, legalName: 'Another Name Limited' })).body).toEqual(
      refused('DUPLICATE_EXTERNAL_ID'),
    );
    // External ids are the requesting account's own.
    const other = await collectionManager();
    const otherProgram = (await newAssetProgram(other)).id;
    const theirs = { ...body, assetProgram: { ...body.assetProgram, assetProgramId: otherProgram } };
    expect((await onboard(theirs, other.apiKey)).status).toBe(200);
  });

  it('the same externalId and body twice at once makes one business, answered to both', async () => {
    const body = request({ externalId: uniqueKey('once') });
    const [a, b] = await Promise.all([ok(onboard(body)), ok(onboard(body))]);
    expect(b).toEqual(a);
    expect((await ok(get(`/api/accounts/${a.created.accountId}/merchants`))).items).toHaveLength(1);
    expect(await merchantsNamed(body.merchant.name)).toHaveLength(1);
  });

  it('answers the documented codes for what it names', async () => {
    const missingProgram = request();
    missingProgram.assetProgram.assetProgramId = 'ap_zzNoSuchResourcezzzzzz';
    expect((await onboard(missingProgram)).body).toEqual(refused('INVALID_ASSET_PROGRAM'));
    // A live program is not the test account's to join.
    const liveIssuer = await collectionManager({ test: false });
    const liveProgram = request();
    liveProgram.assetProgram.assetProgramId = (await newAssetProgram(liveIssuer)).id;
    expect((await onboard(liveProgram)).body).toEqual(refused('INVALID_ASSET_PROGRAM'));
    const missingChannel = request({ salesChannels: [device('x', { salesChannelId: 'sc_zzNoSuchResourcezzzzzz' })] });
    expect((await onboard(missingChannel)).body).toEqual(refused('INVALID_SALES_CHANNEL'));
    expect((await onboard(request({ nzbn: '9429000000000' }))).body).toEqual(refused('INVALID_NZBN'));
  });

  it('refuses a body that does not say one thing, naming the field, before anything is read or written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ merchants: [merchant('Both')] }, 'merchant and merchants cannot both be given'],
      [{ merchant: undefined }, 'merchant is required'],
      [
        { merchant: undefined, merchants: [merchant('Alone')] },
        'salesChannels goes with merchant; each of merchants takes its own',
      ],
      [
        { merchant: merchant('Nowhere', { location: undefined }) },
        'merchant.location is required for a physical merchant',
      ],
      [
        { merchant: undefined, salesChannels: undefined, merchants: [merchant('Web', { type: 'e-commerce' })] },
        'merchants.0.location is not allowed for e-commerce merchants',
      ],
      [
        { salesChannels: [device('till-9', { serialNumber: undefined })] },
        'salesChannels.0.params.serialNumber is required by its sales channel',
      ],
    ];
    for (const [changes, message] of cases) expect((await onboard(request(changes))).body).toEqual(badRequest(message));

    const tooMany = await onboard(
      request({
        merchant: undefined,
        salesChannels: undefined,
        merchants: Array.from({ length: MAX_ONBOARDING_MERCHANTS + 1 }, (_, i) => merchant(`Many ${i}`)),
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('merchants');
    const devices = Array.from({ length: MAX_MERCHANT_DEVICES + 1 }, (_, i) => device(`d${i}`));
    const tooManyDevices = await onboard(request({ salesChannels: devices }));
    expect(tooManyDevices.status).toBe(400);
    expect(tooManyDevices.body.message).toContain('salesChannels');
  });

  it("joins channels as connect requests: each channel's digest lists the merchants onboarded through it", async () => {
    const [owner, address] = [await newAccount(), uniqueEmail()];
    const body = { name: 'Till Co', type: 'provider', accountId: owner.accountId, notificationEmail: address };
    const channel = await ok(
      api('POST', '/api/sales-channels', { key: owner.apiKey, body: { ...body, notificationFrequency: 'daily' } }),
    );
    await endDay(owner.accountId);
    const made = await ok(
      onboard(
        request({
          merchant: undefined,
          salesChannels: undefined,
          merchants: ['Quay', 'Wharf'].map((name) => ({
            ...merchant(uniqueKey(name)),
            salesChannels: [device(`${name}-1`), device(`${name}-2`, { salesChannelId: channel.id })],
          })),
        }),
      ),
    );
    await endDay(owner.accountId);
    await runDigests();
    const [digest] = await waitFor(
      () => emailsTo(address),
      (found) => found.length > 0,
      20_000,
    );
    expect(digest.subject).toBe('Till Co: 2 connect requests');
    for (const { merchantId } of made.created.merchants) expect(digest.body.text).toContain(merchantId);

    const channels = await Promise.all(
      Array.from({ length: MAX_ONBOARDING_CHANNELS }, () =>
        ok(
          api('POST', '/api/sales-channels', { key: owner.apiKey, body: { ...body, notificationFrequency: 'weekly' } }),
        ),
      ),
    );
    // One channel more than a request may name, over two merchants (each within its own device limit).
    const [a, b, c, d] = channels.map((one, i) => device(`x${i}`, { salesChannelId: one.id }));
    const tooManyChannels = await onboard(
      request({
        merchant: undefined,
        salesChannels: undefined,
        merchants: [
          { ...merchant('Many channels 1'), salesChannels: [device('x'), a, b] },
          { ...merchant('Many channels 2'), salesChannels: [c, d] },
        ],
      }),
    );
    expect(tooManyChannels.body).toEqual(
      badRequest(`the devices may name at most ${MAX_ONBOARDING_CHANNELS} sales channels in all`),
    );
  });

  it('is read by the account that made it only', async () => {
    const made = await ok(onboard(request()));
    expect((await get(`/api/businesses/onboard/${made.id}`, stranger.apiKey)).body).toEqual(FORBIDDEN);
    expect((await get('/api/businesses/onboard/bo_zzNoSuchResourcezzzzzz')).body).toEqual(FORBIDDEN);
  });
});
