import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { api, FORBIDDEN, newAccount, type Json, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import {
  challenge,
  FUNDS,
  fundedMerchant,
  join,
  newActiveProgram,
  newPromotion,
  promotionMemberships,
} from '../support/loyalty';
import {
  balance,
  newFundedWallet,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { joinByInvitation, newUser, verifyPhone } from '../support/users';
import { newCollection, ok, subscribe, uniqueKey, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
jest.setTimeout(120_000);

/** The merchant's account runs a program; the member (a funded payer) joins it. */
async function programAtMerchant(funds = FUNDS) {
  const [merchant, member] = await Promise.all([fundedMerchant(funds), newPayer('100000', { type: 'individual' })]);
  const program = await newActiveProgram(merchant.owner);
  await ok(join(program.id, member));
  return { merchant, programId: program.id, member };
}

/** The member pays a new request of the merchant for `amount`. */
async function payAt(merchant: MerchantSetup, member: Payer, amount = '1000') {
  const request = await newPaymentRequest(merchant, { value: nzd(amount) });
  await ok(pay(member, request.id, uniqueKey('pay')));
  return request.id as string;
}

const activitiesOf = async (owner: TestAccount, promotionId: string) =>
  (await ok(api('GET', `/api/promotions/${promotionId}/activities`, { key: owner.apiKey }))).items;

describe('promotions', () => {
  it('creates a challenge: served with its target, rewards and conditions; read back and listed', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const body = challenge({ type: 'count', amount: 1 }, '500', {
      summary: 'Make a payment',
      description: 'More than a dollar',
      conditions: [
        { field: 'amount', operator: 'greater-than', value: '99' },
        { type: 'merchantId', operator: 'equals', value: merchant.merchantId },
      ],
      repeatable: true,
    });
    const res = await api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
      key: merchant.owner.apiKey,
      body,
    });
    const rewards = [{ assetType: 'svc.nzd.test', amount: '500' }];
    expect(res.body).toEqual({
      id: expect.any(String),
      accountId: merchant.owner.accountId,
      programId: program.id,
      name: 'Spend a Buck',
      summary: 'Make a payment',
      description: 'More than a dollar',
      eventType: 'payment',
      type: 'challenge',
      target: { type: 'count', amount: '1' },
      rewards,
      params: { target: { type: 'count', amount: '1' }, rewards: { and: rewards } },
      conditions: [
        { field: 'amount', operator: 'greater-than', value: '99' },
        { type: 'merchantId', field: 'merchantId', operator: 'equals', value: merchant.merchantId },
      ],
      repeatable: true,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: expect.any(String),
      updatedBy: expect.stringMatching(/^crn:/),
    });
    const key = merchant.owner.apiKey;
    expect((await api('GET', `/api/promotions/${res.body.id}`, { key })).body).toEqual(res.body);
    expect((await api('GET', `/api/loyalty-programs/${program.id}/promotions`, { key })).body).toEqual({
      items: [res.body],
    });
    expect((await api('GET', `/api/accounts/${merchant.owner.accountId}/promotions`, { key })).body).toEqual({
      items: [res.body],
    });
    expect(await activitiesOf(merchant.owner, res.body.id)).toEqual([
      {
        id: expect.any(String),
        activityType: 'promotion:created',
        promotionId: res.body.id,
        programId: program.id,
        createdAt: res.body.createdAt,
        createdBy: res.body.createdBy,
      },
    ]);
  });

  it('refuses rewards the owner holds no wallet for (PROMOTION_REWARDS_INVALID) and bad input (400)', async () => {
    const owner = await newAccount();
    const program = await newActiveProgram(owner);
    const path = `/api/loyalty-programs/${program.id}/promotions`;
    const res = await api('POST', path, { key: owner.apiKey, body: challenge({ type: 'count', amount: 1 }) });
    expect(res.body).toEqual(refused('PROMOTION_REWARDS_INVALID'));
    expect(written(res)).toEqual([]);
    const bad = [
      { ...challenge({ type: 'count', amount: 0 }) },
      { ...challenge({ type: 'count', amount: 1 }), type: 'lottery' },
      { ...challenge({ type: 'count', amount: 1 }), conditions: [{ field: 'amount', operator: 'in', value: '5' }] },
      { ...challenge({ type: 'sum', amount: 1 }) },
      {
        ...challenge({ type: 'count', amount: 1 }),
        startsAt: '2030-01-01T00:00:00.000Z',
        endsAt: '2029-01-01T00:00:00.000Z',
      },
    ];
    for (const body of bad) {
      const answer = await api('POST', path, { key: owner.apiKey, body });
      expect({ status: answer.status, written: written(answer) }).toEqual({ status: 400, written: [] });
    }
  });

  it('refuses a money reward only a settlement wallet of its type could fund (PROMOTION_REWARDS_INVALID)', async () => {
    // The merchant's account holds one svc.nzd.test wallet, its settlement wallet: payment money, never a reward's.
    const merchant = await newMerchant();
    const program = await newActiveProgram(merchant.owner);
    const res = await api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
      key: merchant.owner.apiKey,
      body: challenge({ type: 'count', amount: 1 }),
    });
    expect({ body: res.body, written: written(res) }).toEqual({
      body: refused('PROMOTION_REWARDS_INVALID'),
      written: [],
    });
  });

  it('runs at most 20 promotions per program (PROMOTION_LIMIT_EXCEEDED)', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const body = challenge({ type: 'count', amount: 1 });
    for (let i = 0; i < 20; i += 5)
      await Promise.all(Array.from({ length: 5 }, () => newPromotion(merchant.owner, program.id, body)));
    const over = await api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
      key: merchant.owner.apiKey,
      body,
    });
    expect(over.body).toEqual(refused('PROMOTION_LIMIT_EXCEEDED'));
    expect(written(over)).toEqual([]);
  });

  it('needs assets:spend for money rewards: a signed-in owner whose phone is not verified funds none', async () => {
    const org = await newPayer('5000');
    const program = await newActiveProgram(org);
    const user = await newUser();
    await joinByInvitation(org, user, 'account-owner');
    const create = () =>
      api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
        token: user.token,
        account: org.accountId,
        // Every payment of a member would pay it 4000 of the account's money, with no further call of the owner.
        body: challenge({ type: 'count', amount: 1 }, '4000', { repeatable: true }),
      });
    const refused = await create();
    expect({ body: refused.body, written: written(refused) }).toEqual({ body: FORBIDDEN, written: [] });
    await verifyPhone(user.userId);
    expect((await create()).status).toBe(200);
  });

  it('keeps promotions to the program’s owner', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const made = await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 1 }));
    const stranger = await newAccount();
    const key = stranger.apiKey;
    expect((await api('GET', `/api/promotions/${made.id}`, { key })).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/promotions/${made.id}/activities`, { key })).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/loyalty-programs/${program.id}/promotions`, { key })).body).toEqual(FORBIDDEN);
    const res = await api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
      key,
      body: challenge({ type: 'count', amount: 1 }),
    });
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect((await api('GET', `/api/accounts/${merchant.owner.accountId}/promotion-memberships`, { key })).body).toEqual(
      FORBIDDEN,
    );
  });

  it('advances progress by the member’s paid payments at the program’s merchants; pays the reward once', async () => {
    const { merchant, programId, member } = await programAtMerchant();
    const promotion = await newPromotion(merchant.owner, programId, challenge({ type: 'count', amount: 2 }, '500'));
    const [fresh] = await promotionMemberships(member, programId);
    expect(fresh).toMatchObject({
      promotionId: promotion.id,
      progress: 0,
      status: 'active',
      accountId: member.accountId,
    });

    await payAt(merchant, member);
    const one = await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.progress === 1,
      30_000,
    );
    expect(one[0]).toMatchObject({ progress: 1, params: { progress: { current: 1 } }, status: 'active' });
    await payAt(merchant, member);
    const done = await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.status === 'complete',
      30_000,
    );
    expect(done[0]).toMatchObject({ progress: 2, status: 'complete', completions: 1 });
    // 100000 less two payments of 1000, plus the reward of 500: paid by the owner's own wallet, the payments whole.
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 2000 + 500));
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(String(Number(FUNDS) - 500));
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('2000');
    const types = (await activitiesOf(merchant.owner, promotion.id)).map(
      (a: { activityType: string }) => a.activityType,
    );
    expect(types.sort()).toEqual(
      [
        'promotion:completed',
        'promotion:created',
        'promotion:progress-incremented',
        'promotion:progress-incremented',
      ].sort(),
    );
  });

  it('pays a member that is a merchant into a wallet of its own, never its settlement wallet', async () => {
    const { merchant, programId } = await programAtMerchant();
    // The member's settlement wallet is its first of the type: its balance is the merchant's payment money.
    const shop = await newMerchant();
    const member = { ...shop.owner, walletId: await newFundedWallet(shop.owner, '100000') };
    await ok(join(programId, member));
    await newPromotion(merchant.owner, programId, challenge({ type: 'count', amount: 1 }, '500'));
    await payAt(merchant, member);
    await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.status === 'complete',
      30_000,
    );
    expect({
      wallet: await balance(member.apiKey, member.walletId),
      settlement: await balance(member.apiKey, shop.settlementWalletId),
    }).toEqual({ wallet: String(100000 - 1000 + 500), settlement: '0' });
  });

  it('counts a sum of payment amounts and only payments that meet the conditions', async () => {
    const { merchant, programId, member } = await programAtMerchant();
    const promotion = await newPromotion(
      merchant.owner,
      programId,
      challenge({ type: 'sum', field: 'amount', amount: '3000' }, '700', {
        conditions: [{ field: 'amount', operator: 'greater-than', value: '999' }],
      }),
    );
    await payAt(merchant, member, '500'); // too small: not counted
    await payAt(merchant, member, '1500');
    await payAt(merchant, member, '1500');
    const done = await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.status === 'complete',
      30_000,
    );
    expect(done[0]).toMatchObject({ promotionId: promotion.id, progress: 3000, status: 'complete' });
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 3500 + 700));
  });

  it('issues a token reward once: one token of the owner’s collection per completion', async () => {
    const { merchant, programId, member } = await programAtMerchant();
    await subscribe(merchant.owner.accountId, ['collection-manager']);
    const collection = await newCollection(merchant.owner, { name: 'Free Coffee' });
    const reward = { assetType: 'svc.token.test', collectionId: collection.id };
    const promotion = await newPromotion(merchant.owner, programId, {
      ...challenge({ type: 'count', amount: 1 }),
      params: { target: { type: 'count', amount: 1 }, rewards: { and: [reward] } },
      repeatable: true,
    });
    const served = [{ ...reward, amount: '1', name: 'Free Coffee' }];
    expect(promotion).toMatchObject({ rewards: served, params: { rewards: { and: served } } });

    await payAt(merchant, member);
    await payAt(merchant, member);
    await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.completions === 2,
      30_000,
    );
    const tokens = async () =>
      (await ok(api('GET', `/api/accounts/${member.accountId}/assets`, { key: member.apiKey }))).items.filter(
        (a: { category: string }) => a.category === 'token',
      );
    const issued = await tokens();
    expect(issued).toEqual([
      expect.objectContaining({ collectionId: collection.id, accountId: member.accountId, status: 'active' }),
      expect.objectContaining({ collectionId: collection.id, accountId: member.accountId, status: 'active' }),
    ]);
    expect(new Set(issued.map((t: { id: string }) => t.id)).size).toBe(2);
    // Only the member's own payments moved its wallet: a token reward costs the owner no money.
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 2000));
  });

  it('refuses a token reward of a collection not the owner’s, or of another asset type', async () => {
    const merchant = await newMerchant();
    const program = await newActiveProgram(merchant.owner);
    const other = await newAccount();
    await Promise.all([merchant.owner, other].map((a) => subscribe(a.accountId, ['collection-manager'])));
    const [mine, theirs] = await Promise.all([newCollection(merchant.owner), newCollection(other)]);
    const path = `/api/loyalty-programs/${program.id}/promotions`;
    const withReward = (reward: Record<string, unknown>) => ({
      ...challenge({ type: 'count', amount: 1 }),
      params: { target: { type: 'count', amount: 1 }, rewards: { and: [reward] } },
    });
    for (const reward of [
      { assetType: 'svc.token.test', collectionId: theirs.id },
      { assetType: 'svc.nzd.test', collectionId: mine.id },
      { assetType: 'svc.token.main', collectionId: mine.id },
    ]) {
      const res = await api('POST', path, { key: merchant.owner.apiKey, body: withReward(reward) });
      expect({ body: res.body, written: written(res) }).toEqual({
        body: refused('PROMOTION_REWARDS_INVALID'),
        written: [],
      });
    }
    for (const reward of [
      { assetType: 'svc.token.test', collectionId: mine.id, amount: '2' },
      { assetType: 'svc.nzd.test' },
    ]) {
      const res = await api('POST', path, { key: merchant.owner.apiKey, body: withReward(reward) });
      expect({ status: res.status, message: res.body.message, written: written(res) }).toEqual({
        status: 400,
        message: expect.stringContaining('amount'),
        written: [],
      });
    }
  });

  it('rewards a member at most as often as its participation limit allows', async () => {
    const { merchant, programId, member } = await programAtMerchant();
    const limit = { type: 'participation-limit', operator: 'equals', value: '2' };
    const limited = await newPromotion(
      merchant.owner,
      programId,
      challenge({ type: 'count', amount: 1 }, '500', { repeatable: true, conditions: [limit] }),
    );
    expect(limited.conditions).toEqual([limit]);
    // Counts only the last payment, of 1: once it is counted, the stream has delivered every payment before it.
    await newPromotion(
      merchant.owner,
      programId,
      challenge({ type: 'count', amount: 5 }, '500', {
        conditions: [{ field: 'amount', operator: 'equals', value: '1' }],
      }),
    );
    for (let i = 0; i < 3; i++) await payAt(merchant, member);
    await payAt(merchant, member, '1');
    const memberships = await waitFor(
      () => promotionMemberships(member, programId),
      (items) => items.some((m) => m.promotionId !== limited.id && m.progress === 1),
      30_000,
    );
    expect(memberships.find((m) => m.promotionId === limited.id)).toMatchObject({
      completions: 2,
      status: 'complete',
      progress: 1,
    });
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 3001 + 2 * 500));
    const types = (await activitiesOf(merchant.owner, limited.id)).map((a: { activityType: string }) => a.activityType);
    expect(types.filter((t: string) => t === 'promotion:completed')).toHaveLength(2);

    const path = `/api/loyalty-programs/${programId}/promotions`;
    for (const conditions of [
      [{ ...limit, value: '0' }],
      [{ ...limit, operator: 'greater-than' }],
      [{ ...limit, field: 'amount' }],
      [limit, limit],
    ]) {
      const res = await api('POST', path, {
        key: merchant.owner.apiKey,
        body: challenge({ type: 'count', amount: 1 }, '500', { repeatable: true, conditions }),
      });
      expect({ status: res.status, message: res.body.message, written: written(res) }).toEqual({
        status: 400,
        message: expect.stringContaining('conditions'),
        written: [],
      });
    }
  });

  it('completes a promotion its funding wallet cannot pay without its reward; the newest promotion first', async () => {
    const { merchant, programId, member } = await programAtMerchant('1000');
    const older = await newPromotion(merchant.owner, programId, challenge({ type: 'count', amount: 1 }, '700'));
    const newer = await newPromotion(merchant.owner, programId, challenge({ type: 'count', amount: 1 }, '600'));
    // The funding wallet holds 1000: it pays the newer promotion's 600, then not the older's 700.
    await payAt(merchant, member, '1000');
    const done = await waitFor(
      () => promotionMemberships(member, programId),
      (items) => items.every((m) => m.status === 'complete'),
      30_000,
    );
    expect(done.map((m) => [m.promotionId, m.completions])).toEqual([
      [older.id, 1],
      [newer.id, 1],
    ]);
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 1000 + 600));
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(String(1000 - 600));
    // The payment stays whole in the settlement wallet, due to the merchant's bank account.
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('1000');
    for (const promotion of [older, newer]) {
      const types = (await activitiesOf(merchant.owner, promotion.id)).map((a: Json) => a.activityType);
      expect(types).toContain('promotion:completed');
    }
  });

  it('pays no reward of a promotion stored funded from the settlement wallet; its completion stands', async () => {
    const { merchant, programId, member } = await programAtMerchant();
    const promotion = await newPromotion(merchant.owner, programId, challenge({ type: 'count', amount: 1 }, '500'));
    // As stored before rewards were kept off settlement wallets: the reward funded from the merchant's.
    const TableName = process.env.TABLE_NAME;
    const Key = { PK: `PROMOTION#${promotion.id}`, SK: 'PROMOTION' };
    const { Item } = await db().send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    const rewards = Item!.rewards.map((r: Json) => ({
      ...r,
      fundingAssetId: merchant.settlementWalletId,
      fundingSettlement: true,
    }));
    await db().send(new PutCommand({ TableName, Item: { ...Item, rewards } }));

    await payAt(merchant, member, '1000');
    const [done] = await waitFor(
      () => promotionMemberships(member, programId),
      ([m]) => m.status === 'complete',
      30_000,
    );
    expect(done).toMatchObject({ promotionId: promotion.id, completions: 1 });
    const types = (await activitiesOf(merchant.owner, promotion.id)).map((a: Json) => a.activityType);
    expect(types).toContain('promotion:completed');
    expect(await balance(member.apiKey, member.walletId)).toBe(String(100000 - 1000));
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('1000');
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(FUNDS);
  });

  it('pools a shared target: all members’ concurrent payments counted exactly, each rewarded once', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const members = await Promise.all([1, 2, 3].map(() => newPayer('100000', { type: 'individual' })));
    for (const member of members) await ok(join(program.id, member));
    const promotion = await newPromotion(merchant.owner, program.id, challenge({ type: 'shared', amount: 6 }, '300'));
    const requests = await Promise.all(
      members.flatMap((member) => [1, 2].map(async () => ({ member, request: await newPaymentRequest(merchant) }))),
    );
    const paid = await Promise.all(requests.map(({ member, request }) => pay(member, request.id, uniqueKey('pay'))));
    expect(paid.map((r) => r.status)).toEqual(requests.map(() => 200));

    for (const member of members)
      await waitFor(
        () => balance(member.apiKey, member.walletId),
        (value) => value === String(100000 - 2 * 1000 + 300),
        30_000,
      );
    for (const member of members)
      expect((await promotionMemberships(member, program.id))[0]).toMatchObject({
        progress: 6,
        status: 'complete',
        params: { target: { type: 'shared', amount: '6', progress: 6 } },
      });
    const types = (await activitiesOf(merchant.owner, promotion.id)).map(
      (a: { activityType: string }) => a.activityType,
    );
    expect(types.sort()).toEqual(
      [
        'promotion:created',
        'promotion:completed',
        ...Array<string>(6).fill('promotion:shared-progress-incremented'),
      ].sort(),
    );
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe(String(6 * 1000));
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(String(Number(FUNDS) - 3 * 300));
  });

  it('pages every membership once, at most paginationLimit a page, resuming inside a program', async () => {
    const [merchant, member] = await Promise.all([fundedMerchant(), newPayer('100', { type: 'individual' })]);
    // Joined oldest first: three promotions, none, two.
    const programs: { id: string; promotions: string[] }[] = [];
    for (const count of [3, 0, 2]) {
      const program = await newActiveProgram(merchant.owner);
      const promotions: string[] = [];
      for (let i = 0; i < count; i++)
        promotions.push((await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 1 }))).id);
      await ok(join(program.id, member));
      programs.push({ id: program.id, promotions });
    }
    const url = `/api/accounts/${member.accountId}/promotion-memberships`;
    const listed = async (query: string) => (await ok(api('GET', `${url}?${query}`, { key: member.apiKey }))) as Json;
    const ids = (items: Json[]) => items.map((m) => m.promotionId as string);
    // Programs newest joined first, each program's promotions oldest first.
    const expected = [...programs].reverse().flatMap((p) => p.promotions);

    const whole = await listed('');
    expect([ids(whole.items), whole.nextPageKey]).toEqual([expected, undefined]);

    const first = await listed('paginationLimit=2');
    const second = await listed(`paginationLimit=2&pageKey=${first.nextPageKey}`);
    expect([ids(first.items), ids(second.items)]).toEqual([expected.slice(0, 2), expected.slice(2, 4)]);
    // The page ended inside the oldest program; a promotion it gains meanwhile comes after the ones still due.
    const late = (await newPromotion(merchant.owner, programs[0].id, challenge({ type: 'count', amount: 1 }))).id;
    const third = await listed(`paginationLimit=2&pageKey=${second.nextPageKey}`);
    expect([ids(third.items), third.nextPageKey]).toEqual([[expected[4], late], undefined]);
  });
});
