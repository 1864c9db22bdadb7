import { handler } from '../../functions/consumers/sales-channel-digests';
import { digestEntity } from '../../functions/sales-channels/entities';
import { api, seed, type TestAccount, newAccount } from '../support/api';
import { advanceClock, DAY, waitFor } from '../support/clock';
import { emailsTo } from '../support/inbox';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { endDay } from '../support/settlements';
import { ok, uniqueEmail } from '../support/value';

/** One digest run, as the schedule (locally the platform's interval) starts it. */
const runDigests = () => handler();

/**
 * Sales channel digests: each merchant joining a channel is a request to connect to it, and the channel's
 * `notificationEmail` gets one email per ended day or ISO week (its `notificationFrequency`, on the channel account's
 * clock) that had requests, through the local SES inbox.
 */
describe('sales channel digests', () => {
  const channelOf = async (owner: TestAccount, notificationEmail: string, notificationFrequency: string) =>
    (
      await ok(
        api('POST', '/api/sales-channels', {
          key: owner.apiKey,
          body: {
            accountId: owner.accountId,
            name: 'Terminals <Co>',
            type: 'provider',
            notificationEmail,
            notificationFrequency,
          },
        }),
      )
    ).id as string;
  const join = (merchant: MerchantSetup, salesChannelId: string) =>
    ok(
      api('POST', '/api/sales-channel-memberships', {
        key: merchant.owner.apiKey,
        body: { salesChannelId, merchantId: merchant.merchantId },
      }),
    );
  /** The emails to an address once there are `count` (or the wait ran out). */
  const emailsOnce = (address: string, count: number) =>
    waitFor(
      () => emailsTo(address),
      (found) => found.length >= count,
      20_000,
    );
  const clockOf = async (account: TestAccount) =>
    Date.parse(
      (await api('GET', `/api/accounts/${account.accountId}/test-clock`, { key: seed().operatorApiKey })).body.now,
    );

  it("emails once per ended day with requests, on the channel's clock; empty days, reruns send nothing", async () => {
    const [owner, ...merchants] = await Promise.all([newAccount(), newMerchant(), newMerchant(), newMerchant()]);
    const [first, second, third] = merchants;
    // Just past a midnight on the channel's clock: the whole day is the test's.
    await endDay(owner.accountId);
    const address = uniqueEmail();
    const channelId = await channelOf(owner, address, 'daily');
    await join(first, channelId);
    await join(second, channelId);
    // The day has not ended: this run digests nothing, so the day's one email below lists the request made after it.
    await runDigests();
    await join(third, channelId);
    const dayEnd = await endDay(owner.accountId);
    // Two runs at once, as overlapping schedules: the day is digested once.
    await Promise.all([runDigests(), runDigests()]);
    const [digest] = await emailsOnce(address, 1);
    const dayStart = new Date(Date.parse(dayEnd) - DAY * 1000).toISOString();
    expect(digest.subject).toBe('Terminals <Co>: 3 connect requests');
    expect(digest.body.text).toContain(
      `3 requests to connect to your sales channel Terminals <Co> (${channelId}) in the day from ${dayStart}` +
        ` to ${dayEnd}`,
    );
    for (const merchant of merchants)
      expect(digest.body.text).toContain(
        `Test Cafe (merchant ${merchant.merchantId}, account ${merchant.owner.accountId}`,
      );
    expect(digest.body.html).toContain('Terminals &lt;Co&gt;');
    expect(digest.body.html).not.toContain('<Co>');
    // The email accepted, the period's digest reads sent (the record a rerun finds).
    const stored = await waitFor(
      () => digestEntity.get(channelId, dayStart),
      (found) => found?.status === 'sent',
    );
    expect(stored).toMatchObject({ status: 'sent', requests: 3, periodEnd: dayEnd, sentAt: expect.any(String) });

    // A rerun of the digested day, and a day with no requests: nothing.
    await runDigests();
    await endDay(owner.accountId);
    await runDigests();
    // A request on the channel's new day (the merchant's own clock is still on the first) goes in that day's email.
    const late = await newMerchant();
    await join(late, channelId);
    await endDay(owner.accountId);
    await runDigests();
    const emails = await emailsOnce(address, 2);
    expect(emails.map((email) => email.subject)).toEqual([
      'Terminals <Co>: 3 connect requests',
      'Terminals <Co>: 1 connect request',
    ]);
    expect(emails[1].body.text).toContain(`Test Cafe (merchant ${late.merchantId}`);
    expect(emails[1].body.text).not.toContain(first.merchantId);
  });

  it('sends a weekly channel one email for the ISO week, once the week has ended', async () => {
    const [owner, merchant] = await Promise.all([newAccount(), newMerchant()]);
    await endDay(owner.accountId);
    const address = uniqueEmail();
    const channelId = await channelOf(owner, address, 'weekly');
    await join(merchant, channelId);
    const now = await clockOf(owner);
    // Days since Monday (getUTCDay counts from Sunday); the week ends at the next Monday, 00:00 UTC.
    const dayStart = Math.floor(now / (DAY * 1000)) * DAY * 1000;
    const monday = dayStart - ((new Date(dayStart).getUTCDay() + 6) % 7) * DAY * 1000;
    const nextMonday = monday + 7 * DAY * 1000;
    await advanceClock(owner.accountId, (nextMonday - now) / 1000 + 60);
    await runDigests();
    const [digest] = await emailsOnce(address, 1);
    expect(digest.subject).toBe('Terminals <Co>: 1 connect request');
    expect(digest.body.text).toContain(
      `1 request to connect to your sales channel Terminals <Co> (${channelId}) in the week from ` +
        `${new Date(monday).toISOString()} to ${new Date(nextMonday).toISOString()}`,
    );
    expect(digest.body.text).toContain(`Test Cafe (merchant ${merchant.merchantId}`);
  });
});
