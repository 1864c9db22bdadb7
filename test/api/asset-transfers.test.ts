import { derivedId } from '../../functions/core/ids';
import { findToken } from '../../functions/tokens';
import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { advanceClock, DAY, waitFor } from '../support/clock';
import { balances, newMerchant, newPayer, type Payer } from '../support/payments';
import { startWebhookReceiver } from '../support/webhook-receiver';
import {
  claim,
  collectionManager,
  newCollection,
  newToken,
  ok,
  sendAsset,
  uniqueEmail,
  verifyAlias,
  written,
} from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const read = (key: string, id: string) => api('GET', `/api/asset-transfers/${id}`, { key });

/** A funded wallet's balance and available balance, as numbers of cents. */
async function funds(payer: Payer): Promise<{ balance: bigint; available: bigint }> {
  const b = await balances(payer.apiKey, payer.walletId);
  return { balance: BigInt(b.balance), available: BigInt(b.available) };
}

/** The test-money wallets of an account, and their total. */
async function received(account: TestAccount): Promise<bigint> {
  const wallets = await api('GET', '/api/wallet-assets', { key: account.apiKey });
  return wallets.body.reduce(
    (sum: bigint, w: { balance: string; settlement: boolean }) => sum + (w.settlement ? 0n : BigInt(w.balance)),
    0n,
  );
}

describe('asset transfers of money', () => {
  let sender: Payer;
  beforeAll(async () => {
    sender = await newPayer('100000');
  });

  it('holds the value from creation for a recipient not yet on the platform, masking the alias', async () => {
    const before = await funds(sender);
    const alias = uniqueEmail();
    const res = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '1500',
      recipientAlias: alias,
      message: 'Happy birthday',
      senderName: 'My Cafe',
      description: 'Gift',
    });
    expect(res.status).toBe(200);
    // `sent` (with lastSentTo) once its email went out: test/api/notifications.test.ts.
    expect(res.body).toEqual({
      id: expect.any(String),
      status: 'created',
      value: '1500',
      assetId: sender.walletId,
      assetType: 'svc.nzd.test',
      description: 'Gift',
      message: 'Happy birthday',
      senderName: 'My Cafe',
      senderAccountId: sender.accountId,
      recipientAlias: `${alias.slice(0, 1)}*****@example.com`,
      url: expect.stringMatching(new RegExp(`/transfer/${res.body.id}$`)),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      suppressNotifications: false,
      claimType: 'single',
      remainingValue: '1500',
    });
    expect(await funds(sender)).toEqual({ balance: before.balance, available: before.available - 1500n });
    const quiet = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '1',
      recipientAlias: uniqueEmail(),
      suppressNotification: true,
    });
    expect(quiet.body).toMatchObject({ status: 'created', suppressNotifications: true });
    expect(quiet.body.lastSentTo).toBeUndefined();
  });

  it('completes into the account that verifies the alias and resolves its claimable assets, once', async () => {
    const alias = `+64${Date.now().toString().slice(-8)}`;
    const transfer = (
      await sendAsset(sender, { assetId: sender.walletId, value: '700', recipientAlias: alias, message: 'hi' })
    ).body;
    const before = await funds(sender);
    const newcomer = await newAccount();
    await verifyAlias(newcomer.accountId, alias);
    const resolved = await api('POST', '/api/me/resolve-claimable-assets', { key: newcomer.apiKey });
    expect(resolved).toMatchObject({ status: 200, body: {} });
    expect(await received(newcomer)).toBe(700n);
    expect(await funds(sender)).toEqual({ balance: before.balance - 700n, available: before.available });
    const done = await read(sender.apiKey, transfer.id);
    expect(done.body).toMatchObject({
      status: 'claimed',
      recipientAccountId: newcomer.accountId,
      claimedByAccountId: newcomer.accountId,
      remainingValue: '0',
    });
    // Scrubbed once complete: the alias stays masked, where it was sent and the message go.
    expect(done.body.recipientAlias).toBe(`${alias.slice(0, 3)}${'*'.repeat(alias.length - 7)}${alias.slice(-4)}`);
    expect(done.body.message).toBeUndefined();
    expect(done.body.lastSentTo).toBeUndefined();
    // The recipient reads it too, and it lists among what it received.
    expect((await read(newcomer.apiKey, transfer.id)).status).toBe(200);
    const list = await api('GET', `/api/asset-transfers?recipientAccountId=${newcomer.accountId}`, {
      key: newcomer.apiKey,
    });
    expect(list.body.items.map((t: { id: string }) => t.id)).toEqual([transfer.id]);
    await api('POST', '/api/me/resolve-claimable-assets', { key: newcomer.apiKey });
    expect(await received(newcomer)).toBe(700n);
  });

  it('completes at once for an alias already verified', async () => {
    const alias = uniqueEmail();
    const member = await newAccount();
    await verifyAlias(member.accountId, alias.toUpperCase());
    const res = await sendAsset(sender, { assetId: sender.walletId, value: '250', recipientAlias: alias });
    expect(res.body).toMatchObject({
      status: 'claimed',
      recipientAccountId: member.accountId,
      claimedByAccountId: member.accountId,
      remainingValue: '0',
    });
    expect(await received(member)).toBe(250n);
  });

  it('sends once under an Idempotency-Key: retries and racing duplicates answer the first transfer', async () => {
    const keyed = (key: string, body: Record<string, unknown>) =>
      api('POST', '/api/asset-transfers', { key: sender.apiKey, body, headers: { 'idempotency-key': key } });
    const before = await funds(sender);
    const body = { assetId: sender.walletId, value: '310', recipientAlias: uniqueEmail() };
    const key = `send-${Date.now()}`;
    const racing = await Promise.all(Array.from({ length: 4 }, () => keyed(key, body)));
    const ids = new Set(racing.map((r) => r.body.id));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    const retry = await keyed(key, body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ id: [...ids][0], status: expect.stringMatching(/^(created|sent)$/) });
    expect(written(retry)).toEqual([]);
    expect(await funds(sender)).toEqual({ balance: before.balance, available: before.available - 310n });
    // The key with another command is refused; without a key each call sends.
    expect((await keyed(key, { ...body, value: '311' })).body).toEqual(refused('IDEMPOTENT_OPERATION_FAILED'));
    expect((await sendAsset(sender, body)).body.id).not.toBe([...ids][0]);

    // To an alias verified for an account, a retry answers the completed transfer and pays it once.
    const alias = uniqueEmail();
    const member = await newAccount();
    await verifyAlias(member.accountId, alias);
    const toMember = { assetId: sender.walletId, value: '45', recipientAlias: alias };
    const first = await keyed(`${key}-member`, toMember);
    const again = await keyed(`${key}-member`, toMember);
    expect(first.body).toMatchObject({ status: 'claimed', recipientAccountId: member.accountId });
    expect(again.body).toEqual(first.body);
    expect(await received(member)).toBe(45n);
  });

  it('refuses a test transfer to an alias verified for a live account, writing nothing', async () => {
    const alias = uniqueEmail();
    const live = await newAccount({ test: false });
    await verifyAlias(live.accountId, alias);
    const before = await funds(sender);
    const res = await sendAsset(sender, { assetId: sender.walletId, value: '40', recipientAlias: alias });
    expect(res.body).toEqual(refused('ASSET_TRANSFER_INVALID_RECIPIENT'));
    expect(written(res)).toEqual([]);
    expect(await funds(sender)).toEqual(before);
  });

  it("keeps a verified alias one account's: verifying it for another answers ALIAS_ALREADY_VERIFIED", async () => {
    const alias = uniqueEmail();
    const [first, second] = [await newAccount(), await newAccount()];
    await verifyAlias(first.accountId, alias);
    const again = await api('POST', `/api/accounts/${second.accountId}/verified-aliases`, {
      key: seed().operatorApiKey,
      body: { alias },
    });
    expect(again.body).toEqual(refused('ALIAS_ALREADY_VERIFIED'));
    const res = await sendAsset(sender, { assetId: sender.walletId, value: '10', recipientAlias: alias });
    expect(res.body).toMatchObject({ status: 'claimed', recipientAccountId: first.accountId });
  });

  it('refuses with each documented code, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ assetId: sender.walletId, value: '100' }, 'RECIPIENT_MISSING'],
      [{ assetId: sender.walletId, value: '999999999', recipientAlias: uniqueEmail() }, 'INSUFFICIENT_WALLET_BALANCE'],
      [
        {
          assetId: sender.walletId,
          value: '100',
          recipientAlias: uniqueEmail(),
          loyaltyProgramId: 'noSuchProgramzzzzzzzzz',
        },
        'LOYALTY_PROGRAM_NOT_FOUND',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await sendAsset(sender, body);
      expect([code, res.body]).toEqual([code, refused(code)]);
      expect(written(res)).toEqual([]);
    }
    const merchant = await newMerchant();
    const settlement = await sendAsset(merchant.owner, {
      assetId: merchant.settlementWalletId,
      value: '1',
      recipientAlias: uniqueEmail(),
    });
    expect(settlement.body).toEqual(refused('INVALID_ASSET_TYPE'));
    for (const body of [
      { assetId: sender.walletId, recipientAlias: uniqueEmail() },
      { assetId: sender.walletId, value: '500', claimType: 'multi' },
      {
        assetId: sender.walletId,
        value: '500',
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '600' } },
      },
      { assetId: sender.walletId, value: '5', recipientAlias: uniqueEmail(), expiresAt: '2000-01-01T00:00:00.000Z' },
      { assetId: sender.walletId, value: '5', recipientAlias: 'not-an-alias' },
    ]) {
      expect((await sendAsset(sender, body)).status).toBe(400);
    }
  });

  it('refuses another account’s asset and transfers, writing nothing', async () => {
    const stranger = await newPayer('1000');
    const foreign = await sendAsset(stranger, { assetId: sender.walletId, value: '1', recipientAlias: uniqueEmail() });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    const transfer = (await sendAsset(sender, { assetId: sender.walletId, value: '5', recipientAlias: uniqueEmail() }))
      .body;
    expect((await read(stranger.apiKey, transfer.id)).body).toEqual(FORBIDDEN);
    const cancel = await api('POST', `/api/asset-transfers/${transfer.id}/cancel`, { key: stranger.apiKey });
    expect(cancel.body).toEqual(FORBIDDEN);
    expect(written(cancel)).toEqual([]);
    expect(
      (await api('GET', `/api/asset-transfers?senderAccountId=${sender.accountId}`, { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
    expect(
      (
        await api(
          'GET',
          `/api/asset-transfers?senderAccountId=${sender.accountId}&recipientAccountId=${stranger.accountId}`,
          { key: stranger.apiKey },
        )
      ).status,
    ).toBe(400);
  });

  it('cancels an open transfer, releasing what it held; only once (INVALID_ASSET_TRANSFER_STATUS)', async () => {
    const before = await funds(sender);
    const transfer = (
      await sendAsset(sender, {
        assetId: sender.walletId,
        value: '300',
        recipientAlias: uniqueEmail(),
        message: 'oops',
      })
    ).body;
    const res = await api('POST', `/api/asset-transfers/${transfer.id}/cancel`, { key: sender.apiKey });
    expect(res.body).toMatchObject({
      id: transfer.id,
      status: 'cancelled',
      value: '300',
      senderAccountId: sender.accountId,
    });
    expect(await funds(sender)).toEqual(before);
    const again = await api('POST', `/api/asset-transfers/${transfer.id}/cancel`, { key: sender.apiKey });
    expect(again.body).toEqual(refused('INVALID_ASSET_TRANSFER_STATUS'));
    expect(written(again)).toEqual([]);
  });

  it('lists a sender’s transfers newest first, in pages', async () => {
    const own = await newPayer('1000');
    const first = (await sendAsset(own, { assetId: own.walletId, value: '1', recipientAlias: uniqueEmail() })).body;
    const second = (await sendAsset(own, { assetId: own.walletId, value: '2', recipientAlias: uniqueEmail() })).body;
    const page1 = await api('GET', '/api/asset-transfers?paginationLimit=1', { key: own.apiKey });
    expect(page1.body.items.map((t: { id: string }) => t.id)).toEqual([second.id]);
    const page2 = await api(
      'GET',
      `/api/asset-transfers?senderAccountId=${own.accountId}&paginationLimit=1` +
        `&pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
      { key: own.apiKey },
    );
    expect(page2.body.items.map((t: { id: string }) => t.id)).toEqual([first.id]);
  });
});

describe('claim pages', () => {
  let issuer: TestAccount;
  let collection: { id: string };
  let owner: Payer;
  beforeAll(async () => {
    [issuer, owner] = await Promise.all([collectionManager(), newPayer('100000')]);
    collection = await newCollection(issuer);
  });

  it(
    'sends a token whole without a recipient: a claim page, a public summary, and the token in the claimant’s ' +
      'account',
    async () => {
      const token = await newToken(issuer, collection.id, { accountId: owner.accountId });
      const res = await sendAsset(owner, { assetId: token.id, message: 'For you', senderName: 'Ann' });
      expect(res.body).toMatchObject({
        status: 'created',
        value: '1',
        assetId: token.id,
        assetType: 'svc.token.test',
        assetCollectionId: collection.id,
        claimType: 'single',
        url: expect.stringMatching(new RegExp(`/transfer/${res.body.id}$`)),
      });
      const summary = await api('GET', `/api/asset-transfers/${res.body.id}/summary`);
      expect(summary.body).toEqual({
        id: res.body.id,
        status: 'created',
        assetId: token.id,
        message: 'For you',
        senderName: 'Ann',
        createdAt: res.body.createdAt,
        url: res.body.url,
        assetCollectionId: collection.id,
      });
      // Held: it can be neither spent nor sent again.
      expect((await sendAsset(owner, { assetId: token.id })).body).toEqual(refused('ASSET_NOT_ACTIVE'));

      const claimant = await newAccount();
      const claimed = await claim(claimant, res.body.id);
      expect(claimed.body).toMatchObject({
        status: 'claimed',
        claimedByAccountId: claimant.accountId,
        recipientAccountId: claimant.accountId,
        senderAccountId: owner.accountId,
      });
      expect((await findToken(token.id))?.balance).toBe(0n);
      const copy = await findToken(derivedId(undefined, res.body.id, 'received-token', claimant.accountId));
      expect(copy).toMatchObject({
        balance: 1n,
        available: 1n,
        token: { accountId: claimant.accountId, collectionId: collection.id, expiresAt: token.expiresAt },
      });
      expect((await claim(await newAccount(), res.body.id)).body).toEqual(refused('ASSET_TRANSFER_INVALID_STATUS'));
    },
  );

  it(
    'refuses claims of transfers with a recipient (ASSET_TRANSFER_INVALID_RECIPIENT) and of cancelled ones, and ' +
      'an unknown id',
    async () => {
      const aliased = (await sendAsset(owner, { assetId: owner.walletId, value: '10', recipientAlias: uniqueEmail() }))
        .body;
      const res = await claim(await newAccount(), aliased.id);
      expect(res.body).toEqual(refused('ASSET_TRANSFER_INVALID_RECIPIENT'));
      expect(written(res)).toEqual([]);
      // The claim page is for others: the sender cancels instead.
      const shared = (
        await sendAsset(owner, {
          assetId: owner.walletId,
          value: '10',
          claimType: 'multi',
          valueConfig: { type: 'flat', params: { amount: '10' } },
        })
      ).body;
      expect((await claim(owner, shared.id)).body).toEqual(refused('ASSET_TRANSFER_INVALID_RECIPIENT'));
      const token = await newToken(issuer, collection.id, { accountId: owner.accountId });
      const cancelled = (await sendAsset(owner, { assetId: token.id })).body;
      await ok(api('POST', `/api/asset-transfers/${cancelled.id}/cancel`, { key: owner.apiKey }));
      expect((await claim(await newAccount(), cancelled.id)).body).toEqual(refused('ASSET_TRANSFER_INVALID_STATUS'));
      expect((await findToken(token.id))?.available).toBe(1n);
      expect((await claim(await newAccount(), 'zzNoSuchTransferzzzzzz')).body).toEqual(FORBIDDEN);
      expect((await api('GET', '/api/asset-transfers/zzNoSuchTransfer0000000/summary')).body).toEqual(FORBIDDEN);
    },
  );

  it(
    'shares money among claimants: flat amounts, claim conditions (ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET), ' +
      'remainingValue',
    async () => {
      const before = await funds(owner);
      const multi = (
        await sendAsset(owner, {
          assetId: owner.walletId,
          value: '500',
          claimType: 'multi',
          valueConfig: { type: 'flat', params: { amount: '200' } },
          claimConditions: [{ type: 'frequency', params: { period: 'lifetime', limit: '1' } }],
        })
      ).body;
      expect(multi).toMatchObject({
        status: 'created',
        claimType: 'multi',
        remainingValue: '500',
        valueConfig: { type: 'flat', params: { amount: '200' } },
      });
      const [a, b, c, d] = await Promise.all([newAccount(), newAccount(), newAccount(), newAccount()]);
      expect((await claim(a, multi.id)).body).toMatchObject({ status: 'created', remainingValue: '300' });
      const twice = await claim(a, multi.id);
      expect(twice.body).toEqual(refused('ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET'));
      expect(written(twice)).toEqual([]);
      expect((await claim(b, multi.id)).body).toMatchObject({ remainingValue: '100' });
      expect((await claim(c, multi.id)).body).toMatchObject({ status: 'claimed', remainingValue: '0' });
      expect((await claim(d, multi.id)).body).toEqual(refused('ASSET_TRANSFER_INVALID_STATUS'));
      expect([await received(a), await received(b), await received(c), await received(d)]).toEqual([
        200n,
        200n,
        100n,
        0n,
      ]);
      expect(await funds(owner)).toEqual({ balance: before.balance - 500n, available: before.available - 500n });
    },
  );

  it('20 concurrent claims of one transfer: one claim', async () => {
    const token = await newToken(issuer, collection.id, { accountId: owner.accountId });
    const transfer = (await sendAsset(owner, { assetId: token.id })).body;
    const claimants = await Promise.all(Array.from({ length: 20 }, () => newAccount()));
    const results = await Promise.all(claimants.map((cl) => claim(cl, transfer.id)));
    // A claim that kept losing the race past the platform's retries answers 409: its retry meets the winner's claim.
    for (const [i, r] of results.entries()) if (r.status === 409) results[i] = await claim(claimants[i], transfer.id);
    const wins = results.filter((r) => r.status === 200);
    expect(wins).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body).toEqual(refused('ASSET_TRANSFER_INVALID_STATUS'));
    const holders = await Promise.all(
      claimants.map((cl) => findToken(derivedId(undefined, transfer.id, 'received-token', cl.accountId))),
    );
    expect(holders.filter((h) => h?.balance === 1n)).toHaveLength(1);
    expect(holders.filter((h) => h !== undefined)).toHaveLength(1);
    expect((await findToken(token.id))?.balance).toBe(0n);
  }, 60_000);

  it('a multi-claim transfer never pays out more than its value, however many claim at once', async () => {
    const before = await funds(owner);
    const multi = (
      await sendAsset(owner, {
        assetId: owner.walletId,
        value: '500',
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '100' } },
      })
    ).body;
    const claimants = await Promise.all(Array.from({ length: 12 }, () => newAccount()));
    const results = await Promise.all(claimants.map((cl) => claim(cl, multi.id)));
    // A claim that kept losing the race answers 409 and may be retried: each retry claims once.
    for (const [i, r] of results.entries()) if (r.status === 409) results[i] = await claim(claimants[i], multi.id);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body).toEqual(refused('ASSET_TRANSFER_INVALID_STATUS'));
    const paid = (await Promise.all(claimants.map(received))).reduce((sum, v) => sum + v, 0n);
    expect(paid).toBe(500n);
    expect(await funds(owner)).toEqual({ balance: before.balance - 500n, available: before.available - 500n });
    expect((await read(owner.apiKey, multi.id)).body).toMatchObject({ status: 'claimed', remainingValue: '0' });
  }, 60_000);
});

describe('unclaimed transfers go back after two weeks', () => {
  it('one past its expiresAt rests `expired`, unclaimable and held, until it goes back two weeks on', async () => {
    const sender = await newPayer('5000');
    const before = await funds(sender);
    const alias = uniqueEmail();
    const transfer = (
      await sendAsset(sender, {
        assetId: sender.walletId,
        value: '700',
        recipientAlias: alias,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).body;
    expect(transfer.status).toBe('created');

    await advanceClock(sender.accountId, 2 * 3600);
    const expired = await read(sender.apiKey, transfer.id);
    expect(expired.body).toMatchObject({ status: 'expired', remainingValue: '700' });
    expect(expired.body.returnedAt).toBeUndefined();
    // No longer claimable, not yet returned: the value is still held from the sender.
    expect(await funds(sender)).toEqual({ balance: before.balance, available: before.available - 700n });
    const late = await newAccount();
    await verifyAlias(late.accountId, alias);
    expect(await received(late)).toBe(0n);
    expect((await read(sender.apiKey, transfer.id)).body.status).toBe('expired');

    // Two weeks after it was made, the return timer gives the value back, once.
    await advanceClock(sender.accountId, 14 * DAY);
    const returned = await waitFor(
      () => read(sender.apiKey, transfer.id),
      (r) => r.body.status === 'returned',
    );
    expect(returned.body).toMatchObject({ status: 'returned', remainingValue: '700' });
    expect(await funds(sender)).toEqual(before);
    expect((await read(sender.apiKey, transfer.id)).body.status).toBe('returned');
    expect(await funds(sender)).toEqual(before);
  }, 60_000);

  it('a claimant’s test clock neither returns nor expires a transfer: the sender’s clock times it', async () => {
    const sender = await newPayer('5000');
    const before = await funds(sender);
    // Shared 200 a claim, expiring in an hour on the sender's clock.
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const shared = { claimType: 'multi', valueConfig: { type: 'flat', params: { amount: '200' } }, expiresAt };
    const transfer = (await sendAsset(sender, { assetId: sender.walletId, value: '600', ...shared })).body;
    const ahead = await newAccount();
    await advanceClock(ahead.accountId, 15 * DAY);
    // Open on the sender's clock: the claimant's own clock has no say in when it expires or goes back.
    expect((await claim(ahead, transfer.id)).body).toMatchObject({ status: 'created', remainingValue: '400' });
    expect(await received(ahead)).toBe(200n);
    expect((await read(sender.apiKey, transfer.id)).body).toMatchObject({ status: 'created', remainingValue: '400' });
    expect(await funds(sender)).toEqual({ balance: before.balance - 200n, available: before.available - 600n });
  }, 60_000);

  it('the return timer, on the sender’s clock, voids the ' +
    'hold, records the return and notifies the sender', async () => {
    const sender = await newPayer('5000');
    const receiver = await startWebhookReceiver();
    try {
      await ok(
        api('POST', `/api/accounts/${sender.accountId}/webhooks`, {
          key: seed().operatorApiKey,
          body: { url: receiver.url, types: ['asset-transfer:returned'] },
        }),
      );
      const before = await funds(sender);
      const transfer = (
        await sendAsset(sender, {
          assetId: sender.walletId,
          value: '1200',
          recipientAlias: uniqueEmail(),
          message: 'unclaimed',
        })
      ).body;
      expect(await funds(sender)).toEqual({ balance: before.balance, available: before.available - 1200n });

      // Sent (its email went out) and still open before the two weeks are over.
      const sent = await waitFor(
        () => read(sender.apiKey, transfer.id),
        (r) => r.body.status === 'sent',
      );
      expect(sent.body.status).toBe('sent');
      await advanceClock(sender.accountId, 13 * DAY);
      expect((await read(sender.apiKey, transfer.id)).body.status).toBe('sent');
      await advanceClock(sender.accountId, DAY + 1);
      const returned = await waitFor(
        () => read(sender.apiKey, transfer.id),
        (r) => r.body.status === 'returned',
      );
      expect(returned.body).toMatchObject({ status: 'returned', remainingValue: '1200' });
      expect(returned.body.message).toBeUndefined();
      expect(await funds(sender)).toEqual(before);

      const [notice] = await receiver.waitForAccepted(1);
      expect(notice.body).toMatchObject({
        type: 'asset-transfer:returned',
        accountId: sender.accountId,
        data: { id: transfer.id, status: 'returned' },
      });
      // Returned: nobody can claim or cancel it any more.
      const alias = uniqueEmail();
      const late = await newAccount();
      await verifyAlias(late.accountId, alias);
      expect((await api('POST', `/api/asset-transfers/${transfer.id}/cancel`, { key: sender.apiKey })).body).toEqual(
        refused('INVALID_ASSET_TRANSFER_STATUS'),
      );
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
