import { handler } from '../../functions/consumers/sales-channel-digests';
import { salesChannelEntity } from '../../functions/sales-channels/entities';
import { api, newAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { emailsTo } from '../support/inbox';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { endDay } from '../support/settlements';
import { ok, uniqueEmail } from '../support/value';
import { receiversOfThisFile } from '../support/webhook-receiver';

/**
 * A sales channel with a `notificationUrl` gets each digest there too, POSTed through the webhook deliveries (signed
 * as notifications are) off the request path, once per digest however often the run repeats.
 */
const receiver = receiversOfThisFile();

it('POSTs the digest to the notificationUrl once, beside its email', async () => {
  const [owner, first, second] = await Promise.all([newAccount(), newMerchant(), newMerchant()]);
  const listening = await receiver();
  await endDay(owner.accountId);
  const address = uniqueEmail();
  const channelId = (
    await ok(
      api('POST', '/api/sales-channels', {
        key: owner.apiKey,
        body: {
          accountId: owner.accountId,
          name: 'Terminals',
          type: 'provider',
          notificationEmail: address,
          notificationFrequency: 'daily',
          notificationUrl: 'https://terminals.example/digests',
        },
      }),
    )
  ).id as string;
  // The API takes https URLs only; the receiver here listens on plain http, so the channel's URL is pointed at it in
  // the table.
  await salesChannelEntity.update([channelId], { set: { notificationUrl: `${listening.url}/digests` } });
  const join = (merchant: MerchantSetup) =>
    ok(
      api('POST', '/api/sales-channel-memberships', {
        key: merchant.owner.apiKey,
        body: { salesChannelId: channelId, merchantId: merchant.merchantId },
      }),
    );
  await join(first);
  await join(second);
  // Nothing is sent while the day runs, on the request path or by a run.
  await handler();
  expect(listening.received).toHaveLength(0);
  const dayEnd = await endDay(owner.accountId);
  await Promise.all([handler(), handler()]);

  const [posted] = await listening.waitForAccepted(1, 20_000);
  expect(posted.path).toBe('/digests');
  expect(posted.headers.authorization).toEqual(expect.stringMatching(/^\S+\.\S+\.\S+$/));
  expect(posted.body).toEqual({
    id: expect.any(String),
    salesChannelId: channelId,
    frequency: 'daily',
    periodStart: new Date(Date.parse(dayEnd) - 24 * 3600 * 1000).toISOString(),
    periodEnd: dayEnd,
    connectRequestCount: 2,
    connectRequests: expect.arrayContaining(
      [first, second].map((m) =>
        expect.objectContaining({ merchantId: m.merchantId, accountId: m.owner.accountId, merchantName: 'Test Cafe' }),
      ),
    ),
    test: expect.any(Boolean),
    createdAt: expect.any(String),
  });
  expect(posted.body.connectRequests).toHaveLength(2);
  // The email went too; the digest, its email and its POST once each, however often the run repeats.
  expect(
    await waitFor(
      () => emailsTo(address),
      (found) => found.length >= 1,
      20_000,
    ),
  ).toHaveLength(1);
  await handler();
  const deliveries = async () =>
    (await ok(api('GET', `/api/accounts/${owner.accountId}/webhook-deliveries`, { key: owner.apiKey }))).items.filter(
      (d: { kind: string }) => d.kind === 'sales-channel',
    );
  expect(await waitFor(deliveries, (found) => found[0]?.status === 'delivered', 20_000)).toEqual([
    expect.objectContaining({ kind: 'sales-channel', url: `${listening.url}/digests`, status: 'delivered' }),
  ]);
  expect(listening.received).toHaveLength(1);
});
