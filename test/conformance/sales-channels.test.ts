/** Docs page "Sales Channels": src/content/api/sales-channels.mdoc and its example exchange (experimental). */
import { api, newAccount, type TestAccount } from '../support/api';
import { ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const SALES_CHANNEL: ShapeObject = {
  accountId: S,
  createdAt: S,
  createdBy: S,
  deviceId: B,
  deviceModel: B,
  deviceSerialNumber: B,
  externalId: B,
  id: S,
  name: S,
  notificationEmail: S,
  notificationFrequency: S,
  providerSalesChannelId: S,
  test: B,
  type: S,
  updatedAt: S,
  updatedBy: S,
};

describe('Sales Channels: documented example exchanges', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await newAccount();
  }, 30_000);

  it('POST /api/sales-channels: a reseller of a provider channel, notified weekly by email', async () => {
    // The example's providerSalesChannelId names a provider channel: a real one here.
    const provider = await ok(
      api('POST', '/api/sales-channels', {
        key: owner.apiKey,
        body: {
          accountId: owner.accountId,
          name: 'Provider',
          type: 'provider',
          notificationUrl: 'https://provider.example.com/connect',
        },
      }),
    );
    const res = await api('POST', '/api/sales-channels', {
      key: owner.apiKey,
      body: {
        accountId: owner.accountId,
        deviceId: true,
        deviceModel: true,
        deviceSerialNumber: true,
        externalId: true,
        name: 'My Sales Channel',
        notificationEmail: 'support@example.com',
        notificationFrequency: 'weekly',
        providerSalesChannelId: provider.id,
        type: 'reseller',
      },
    });
    expectExchange(res, SALES_CHANNEL);
    expect(res.body).toMatchObject({
      test: true,
      type: 'reseller',
      deviceId: true,
      externalId: true,
      providerSalesChannelId: provider.id,
    });
  });
});

describe('Sales Channels: documented errors', () => {
  it('an account that is not an org: 403 ACCOUNT_TYPE_INVALID', async () => {
    const individual = await newAccount({ type: 'individual' });
    const res = await api('POST', '/api/sales-channels', {
      key: individual.apiKey,
      body: {
        accountId: individual.accountId,
        name: 'Mine',
        type: 'provider',
        notificationEmail: 'me@example.com',
        notificationFrequency: 'daily',
      },
    });
    expectError(res, 403, 'ACCOUNT_TYPE_INVALID');
  });
});
