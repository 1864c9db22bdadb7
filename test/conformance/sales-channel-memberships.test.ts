/** Docs page "Sales Channel Memberships": src/content/api/sales-channel-memberships.mdoc and its example. */
import { api, newAccount } from '../support/api';
import { newMerchant } from '../support/payments';
import { ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const MEMBERSHIP: ShapeObject = {
  id: S,
  accountId: S,
  createdAt: S,
  createdBy: S,
  merchantId: S,
  salesChannelId: S,
  test: B,
  updatedAt: S,
  updatedBy: S,
  status: S,
};

const channelOf = async (live: boolean) => {
  const owner = await newAccount(live ? { test: false } : {});
  const body = {
    accountId: owner.accountId,
    name: 'Terminals',
    type: 'provider',
    notificationUrl: 'https://terminals.example.com/connect',
  };
  return (await ok(api('POST', '/api/sales-channels', { key: owner.apiKey, body }))).id as string;
};

describe('Sales Channel Memberships: documented example exchanges', () => {
  it('POST /api/sales-channel-memberships: a merchant joins a sales channel (real ids of this run)', async () => {
    const [salesChannelId, merchant] = await Promise.all([channelOf(false), newMerchant()]);
    const res = await api('POST', '/api/sales-channel-memberships', {
      key: merchant.owner.apiKey,
      body: { salesChannelId, merchantId: merchant.merchantId },
    });
    expectExchange(res, MEMBERSHIP);
    expect(res.body).toMatchObject({ status: 'created', test: true });
  });
});

describe('Sales Channel Memberships: documented errors', () => {
  it("a merchant of the other liveness than the channel's: 403 LIVENESS_MISMATCH", async () => {
    const [salesChannelId, merchant] = await Promise.all([channelOf(true), newMerchant()]);
    const res = await api('POST', '/api/sales-channel-memberships', {
      key: merchant.owner.apiKey,
      body: { salesChannelId, merchantId: merchant.merchantId },
    });
    expectError(res, 403, 'LIVENESS_MISMATCH');
  });
});
