/**
 * Docs page "Business Onboarding": src/content/api/onboarding.mdoc and its example exchanges (onboarding-create,
 * onboarding-get).
 */
import { api, type TestAccount } from '../support/api';
import { newAssetProgram } from '../support/asset-programs';
import { uniqueBankNumber } from '../support/bank';
import { collectionManager, ok, uniqueKey } from '../support/value';
import { expectError, expectExchange, O, S, type ShapeObject } from './support';

const ADDRESS = { street: S, city: S, state: S, postCode: S, country: S };
const ONBOARDING_REQUEST: ShapeObject = {
  id: S,
  legalName: S,
  tradingName: S,
  location: ADDRESS,
  contactEmail: S,
  contactName: S,
  externalId: S,
  taxNumber: { value: S, type: S },
  merchant: {
    name: S,
    categoryCode: S,
    type: S,
    contactName: S,
    contactEmail: S,
    contactPhone: S,
    location: { ...ADDRESS, suburb: S },
  },
  assetProgram: {
    assetProgramId: S,
    params: { settlementAccountNumber: S, chargeAccountNumber: S, externalMerchantId: S },
  },
  salesChannels: [{ params: { vendor: S, reseller: S, deviceId: S, serialNumber: S, deviceModel: S } }],
  metadata: O,
  status: S,
  createdAt: S,
  createdBy: S,
};

let acquirer: TestAccount;
let assetProgramId: string;
let salesChannelId: string;

beforeAll(async () => {
  acquirer = await collectionManager();
  assetProgramId = (await newAssetProgram(acquirer)).id;
  const channel = await ok(
    api('POST', '/api/sales-channels', {
      key: acquirer.apiKey,
      body: {
        name: 'Example Vendor',
        type: 'provider',
        accountId: acquirer.accountId,
        notificationUrl: 'https://vendor.example/connect',
      },
    }),
  );
  salesChannelId = channel.id;
}, 60_000);

/**
 * The example's request with our ids: its program a real one of ours, each device naming its channel by
 * `salesChannelId` (docs/conformance.md), and its settlement account a number no other test holds (a number has at
 * most two holders).
 */
const device = (deviceId: string, serialNumber: string) => ({
  params: {
    salesChannelId,
    vendor: 'Example Vendor',
    reseller: 'Example Reseller',
    deviceId,
    serialNumber,
    deviceModel: 'Example Terminal Model X1',
  },
});
const example = () => ({
  legalName: 'Centrapay Cafe Limited',
  tradingName: 'Centrapay Cafe',
  location: { street: '1 Head Office Way', city: 'Wellington', state: 'Wellington', postCode: '6011', country: 'NZ' },
  contactEmail: 'admin@centracafe.example',
  contactName: 'Alice Anderson',
  externalId: uniqueKey('ext-cafe'),
  taxNumber: { value: '123-456-789', type: 'nz-gst' },
  merchant: {
    name: 'Centrapay Cafe',
    categoryCode: '5812',
    type: 'physical',
    contactName: 'Bob Brown',
    contactEmail: 'manager@centracafe.example',
    contactPhone: '6491234567',
    location: {
      street: '123 Example Street',
      suburb: 'Newtown',
      city: 'Wellington',
      state: 'Wellington',
      postCode: '6021',
      country: 'NZ',
    },
  },
  assetProgram: {
    assetProgramId,
    params: {
      settlementAccountNumber: uniqueBankNumber(),
      chargeAccountNumber: '12-3456-7890123-01',
      externalMerchantId: 'ext-merchant-789',
    },
  },
  salesChannels: [device('device-001', 'SN123456'), device('device-002', 'SN123457')],
  metadata: { referenceId: 'ref-12345', notes: 'Onboarding request submitted via partner portal' },
});
const onboard = (body: unknown) => api('POST', '/api/businesses/onboard', { key: acquirer.apiKey, body });

describe('Business Onboarding: documented example exchanges', () => {
  it('POST /api/businesses/onboard and GET /api/businesses/onboard/{id}', async () => {
    const created = await onboard(example());
    expectExchange(created, ONBOARDING_REQUEST);
    const read = await api('GET', `/api/businesses/onboard/${created.body.id}`, { key: acquirer.apiKey });
    expectExchange(read, ONBOARDING_REQUEST);
  });

  it('the same externalId and payload again: 200 and the existing request', async () => {
    const body = example();
    const first = await onboard(body);
    const again = await onboard(body);
    expectExchange(again, ONBOARDING_REQUEST);
    expect(again.body.id).toBe(first.body.id);
  });
});

describe('Business Onboarding: documented errors', () => {
  it('400 Bad Request: a body the schema refuses', async () => {
    const { legalName: _, ...body } = example();
    expect((await onboard(body)).status).toBe(400);
  });

  it('401 Unauthorized: no API key', async () => {
    expect((await api('POST', '/api/businesses/onboard', { body: example() })).status).toBe(401);
  });

  it('403 DUPLICATE_EXTERNAL_ID: the same externalId with another payload', async () => {
    const body = example();
    await ok(onboard(body));
    expectError(await onboard({ ...body, legalName: 'Another Cafe Limited' }), 403, 'DUPLICATE_EXTERNAL_ID');
  });

  it('403 INVALID_ASSET_PROGRAM: a program that does not exist', async () => {
    const body = example();
    body.assetProgram.assetProgramId = 'ap_zzNoSuchResourcezzzzzz';
    expectError(await onboard(body), 403, 'INVALID_ASSET_PROGRAM');
  });

  it('403 INVALID_SALES_CHANNEL: a device of no sales channel', async () => {
    const body = example();
    body.salesChannels[0].params.salesChannelId = 'sc_zzNoSuchResourcezzzzzz';
    expectError(await onboard(body), 403, 'INVALID_SALES_CHANNEL');
  });
});
