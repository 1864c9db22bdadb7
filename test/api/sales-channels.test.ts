import { UpdateCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { merchantMembershipCountKey, salesChannelCountKey } from '../../functions/sales-channels/entities';
import { MAX_MEMBERSHIPS_PER_MERCHANT } from '../../functions/sales-channels/membership-store';
import { MAX_SALES_CHANNELS } from '../../functions/sales-channels/sales-channel-store';
import { newMerchant } from '../support/payments';
import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message });

describe('sales channels', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
  }, 30_000);

  const create = (body: Record<string, unknown>, key = owner.apiKey) =>
    api('POST', '/api/sales-channels', { key, body: { accountId: owner.accountId, ...body } });
  const provider = () =>
    ok(create({ name: 'Terminal Co', type: 'provider', notificationUrl: 'https://terminals.example.com/connect' }));

  it('creates a provider channel and a reseller of it, and reads them back', async () => {
    const made = await provider();
    expect(made).toEqual({
      id: expect.stringMatching(/^sc_[1-9A-HJ-NP-Za-km-z]{22}$/),
      name: 'Terminal Co',
      type: 'provider',
      accountId: owner.accountId,
      test: true,
      deviceId: false,
      deviceModel: false,
      deviceSerialNumber: false,
      externalId: false,
      notificationUrl: 'https://terminals.example.com/connect',
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: made.createdAt,
      updatedBy: made.createdBy,
    });
    const reseller = await create({
      name: 'My Sales Channel',
      type: 'reseller',
      providerSalesChannelId: made.id,
      deviceId: true,
      deviceSerialNumber: true,
      externalId: true,
      notificationEmail: 'support@example.com',
      notificationFrequency: 'weekly',
    });
    expect(reseller.body).toMatchObject({
      type: 'reseller',
      providerSalesChannelId: made.id,
      deviceId: true,
      deviceModel: false,
      deviceSerialNumber: true,
      externalId: true,
      notificationEmail: 'support@example.com',
      notificationFrequency: 'weekly',
    });
    for (const channel of [made, reseller.body]) {
      expect((await api('GET', `/api/sales-channels/${channel.id}`, { key: owner.apiKey })).body).toEqual(channel);
    }
  });

  it('takes a reseller of another account’s provider channel', async () => {
    const theirs = await ok(
      api('POST', '/api/sales-channels', {
        key: stranger.apiKey,
        body: {
          name: 'Theirs',
          type: 'provider',
          accountId: stranger.accountId,
          notificationUrl: 'https://x.example.com',
        },
      }),
    );
    const res = await create({
      name: 'Resells theirs',
      type: 'reseller',
      providerSalesChannelId: theirs.id,
      notificationUrl: 'https://me.example.com/hook',
    });
    expect(res.body).toMatchObject({ accountId: owner.accountId, providerSalesChannelId: theirs.id });
  });

  it('names the field a body lacks or gets wrong, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', type: 'provider' }, 'notificationEmail or notificationUrl is required'],
      [
        { name: 'x', type: 'provider', notificationEmail: 'a@example.com' },
        'notificationFrequency is required with notificationEmail',
      ],
      [
        { name: 'x', type: 'provider', notificationUrl: 'https://x.example.com', notificationFrequency: 'daily' },
        'notificationFrequency is only taken with notificationEmail',
      ],
      [
        { name: 'x', type: 'reseller', notificationUrl: 'https://x.example.com' },
        'providerSalesChannelId is required for a reseller sales channel',
      ],
      [
        {
          name: 'x',
          type: 'provider',
          providerSalesChannelId: 'sc_zzNoSuchChannezzzzzzzz',
          notificationUrl: 'https://x.example.com',
        },
        'providerSalesChannelId is only taken for a reseller sales channel',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect([body, res.body]).toEqual([body, badRequest(message)]);
      expect(written(res)).toEqual([]);
    }
    for (const body of [
      { name: 'x', type: 'agent', notificationUrl: 'https://x.example.com' },
      { name: 'x', type: 'provider', notificationUrl: 'http://x.example.com' },
      { name: 'x', type: 'provider', notificationEmail: 'not-an-email', notificationFrequency: 'daily' },
      { name: 'x', type: 'provider', notificationEmail: 'a@example.com', notificationFrequency: 'hourly' },
      { name: '', type: 'provider', notificationUrl: 'https://x.example.com' },
      { type: 'provider', notificationUrl: 'https://x.example.com' },
    ]) {
      expect([body, (await create(body)).status]).toEqual([body, 400]);
    }
  });

  it('refuses a reseller of a missing, reseller or live channel (INVALID_SALES_CHANNEL)', async () => {
    const made = await provider();
    const reseller = await ok(
      create({
        name: 'R',
        type: 'reseller',
        providerSalesChannelId: made.id,
        notificationUrl: 'https://x.example.com',
      }),
    );
    const live = await newAccount({ test: false });
    const liveProvider = await ok(
      api('POST', '/api/sales-channels', {
        key: live.apiKey,
        body: { name: 'Live', type: 'provider', accountId: live.accountId, notificationUrl: 'https://x.example.com' },
      }),
    );
    expect(liveProvider.test).toBe(false);
    for (const providerSalesChannelId of ['sc_NoSuchChanneLzzzzzzzzz', reseller.id, liveProvider.id]) {
      const res = await create({
        name: 'R',
        type: 'reseller',
        providerSalesChannelId,
        notificationUrl: 'https://x.example.com',
      });
      expect([providerSalesChannelId, res.body]).toEqual([providerSalesChannelId, refused('INVALID_SALES_CHANNEL')]);
      expect(written(res)).toEqual([]);
    }
  });

  it('refuses an account that is not an org (ACCOUNT_TYPE_INVALID), writing nothing', async () => {
    const individual = await newAccount({ type: 'individual' });
    const body = {
      name: 'Mine',
      type: 'provider',
      accountId: individual.accountId,
      notificationUrl: 'https://x.example.com',
    };
    const res = await api('POST', '/api/sales-channels', { key: individual.apiKey, body });
    expect(res.body).toEqual(refused('ACCOUNT_TYPE_INVALID'));
    expect(written(res)).toEqual([]);
    // The operator acts for any account: the same rule.
    expect((await api('POST', '/api/sales-channels', { key: seed().operatorApiKey, body })).body).toEqual(
      refused('ACCOUNT_TYPE_INVALID'),
    );
    // Another account's individual account is FORBIDDEN, as any account the caller may not act for.
    expect((await api('POST', '/api/sales-channels', { key: owner.apiKey, body })).body).toEqual(FORBIDDEN);
  });

  it('refuses another account, writing nothing, and reads a missing channel like a foreign one', async () => {
    const made = await provider();
    const res = await create(
      { name: 'Theirs', type: 'provider', notificationUrl: 'https://x.example.com' },
      stranger.apiKey,
    );
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect((await api('GET', `/api/sales-channels/${made.id}`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', '/api/sales-channels/sc_NoSuchChannel000000000', { key: owner.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  const channelLimit =
    `keeps an account to ${MAX_SALES_CHANNELS} sales channels (SALES_CHANNEL_LIMIT_EXCEEDED), ` +
    'writing nothing past it';
  it(channelLimit, async () => {
    const full = await newAccount();
    const body = { name: 'C', type: 'provider', accountId: full.accountId, notificationUrl: 'https://x.example.com' };
    await ok(api('POST', '/api/sales-channels', { key: full.apiKey, body }));
    // The account's count stands one short of the limit, as after that many creates.
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: salesChannelCountKey(full.accountId),
        UpdateExpression: 'SET #count = :n',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':n': MAX_SALES_CHANNELS - 1 },
      }),
    );
    await ok(api('POST', '/api/sales-channels', { key: full.apiKey, body }));
    const res = await api('POST', '/api/sales-channels', { key: full.apiKey, body });
    expect(res.body).toEqual(refused('SALES_CHANNEL_LIMIT_EXCEEDED'));
    expect(written(res)).toEqual([]);
  });

  it('is for account owners only', async () => {
    const terminal = await ok(
      api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
        key: owner.apiKey,
        body: { name: `t${Date.now()}`, role: 'merchant-terminal' },
      }),
    );
    const res = await create(
      { name: 'T', type: 'provider', notificationUrl: 'https://x.example.com' },
      terminal.secret,
    );
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
  });
});

describe('sales channel memberships', () => {
  let provider: TestAccount;
  let channelId: string;
  let liveChannelId: string;
  beforeAll(async () => {
    provider = await newAccount();
    const live = await newAccount({ test: false });
    const body = { name: 'Terminals', type: 'provider', notificationUrl: 'https://terminals.example.com/connect' };
    channelId = (
      await ok(
        api('POST', '/api/sales-channels', { key: provider.apiKey, body: { ...body, accountId: provider.accountId } }),
      )
    ).id;
    liveChannelId = (
      await ok(api('POST', '/api/sales-channels', { key: live.apiKey, body: { ...body, accountId: live.accountId } }))
    ).id;
  }, 30_000);

  const join = (key: string, body: Record<string, unknown>) =>
    api('POST', '/api/sales-channel-memberships', { key, body });

  it("joins the caller's merchant to another account's channel, once: asking again answers it as it is", async () => {
    const merchant = await newMerchant();
    const res = await join(merchant.owner.apiKey, { salesChannelId: channelId, merchantId: merchant.merchantId });
    expect(res.body).toEqual({
      id: expect.stringMatching(/^scm_[1-9A-HJ-NP-Za-km-z]{22}$/),
      salesChannelId: channelId,
      merchantId: merchant.merchantId,
      accountId: merchant.owner.accountId,
      test: true,
      status: 'created',
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(new RegExp(`^crn:${merchant.owner.accountId}:`)),
      updatedAt: res.body.createdAt,
      updatedBy: res.body.createdBy,
    });
    const again = await join(merchant.owner.apiKey, { salesChannelId: channelId, merchantId: merchant.merchantId });
    expect(again.body).toEqual(res.body);
    expect(written(again)).toEqual([]);
  });

  it('refuses another’s merchant, a missing channel, one of the other liveness; writes nothing', async () => {
    const [merchant, other] = await Promise.all([newMerchant(), newAccount()]);
    const cases: [string, Record<string, unknown>, unknown][] = [
      [other.apiKey, { salesChannelId: channelId, merchantId: merchant.merchantId }, FORBIDDEN],
      [
        merchant.owner.apiKey,
        { salesChannelId: 'sc_zzNoSuchChannezzzzzzzz', merchantId: merchant.merchantId },
        refused('INVALID_SALES_CHANNEL'),
      ],
      [
        merchant.owner.apiKey,
        { salesChannelId: liveChannelId, merchantId: merchant.merchantId },
        refused('LIVENESS_MISMATCH'),
      ],
      [
        merchant.owner.apiKey,
        { salesChannelId: 'sc_short', merchantId: merchant.merchantId },
        expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^salesChannelId /) }),
      ],
      [merchant.owner.apiKey, { salesChannelId: channelId }, badRequest('merchantId is required')],
    ];
    for (const [key, body, answer] of cases) {
      const res = await join(key, body);
      expect([body, res.body]).toEqual([body, answer]);
      expect(written(res)).toEqual([]);
    }
  });

  it(`keeps a merchant to ${MAX_MEMBERSHIPS_PER_MERCHANT} channels (…_MEMBERSHIP_LIMIT_EXCEEDED)`, async () => {
    const merchant = await newMerchant();
    // The merchant's count stands at the limit, as after that many joins.
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: merchantMembershipCountKey(merchant.merchantId),
        UpdateExpression: 'SET #count = :n',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':n': MAX_MEMBERSHIPS_PER_MERCHANT },
      }),
    );
    const res = await join(merchant.owner.apiKey, { salesChannelId: channelId, merchantId: merchant.merchantId });
    expect(res.body).toEqual(refused('SALES_CHANNEL_MEMBERSHIP_LIMIT_EXCEEDED'));
    expect(written(res)).toEqual([]);
  });
});
