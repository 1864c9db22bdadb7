import { createHmac } from 'node:crypto';
import { handler } from '../../functions/consumers/promotion-draws';
import { api, type TestAccount } from '../support/api';
import { advanceClock, HOUR, waitFor } from '../support/clock';
import { FUNDS, fundedMerchant, join, newActiveProgram, newPromotion, promotionMemberships } from '../support/loyalty';
import { balance, newPayer, newPaymentRequest, pay, type MerchantSetup, type Payer } from '../support/payments';
import { ok, uniqueKey, written } from '../support/value';

jest.setTimeout(180_000);

/** One draw run, as its schedule (locally the platform's interval) starts it. */
const runDraws = () => handler();

const money = (amount: string, extra: Record<string, unknown> = {}) => ({
  assetType: 'svc.nzd.test',
  amount,
  ...extra,
});

/** A draw ending in an hour: `progress` bounds each member's entries, `rewards` its reward tree. */
const draw = (
  progress: Record<string, number>,
  rewards: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  name: 'Win a Coffee Year',
  eventType: 'payment',
  type: 'draw',
  endsAt: new Date(Date.now() + HOUR * 1000).toISOString(),
  params: { progress, rewards },
  ...extra,
});

async function payAt(merchant: MerchantSetup, member: Payer) {
  const request = await newPaymentRequest(merchant);
  await ok(pay(member, request.id, uniqueKey('pay')));
}

const activitiesOf = async (owner: TestAccount, promotionId: string): Promise<{ activityType: string }[]> =>
  (await ok(api('GET', `/api/promotions/${promotionId}/activities`, { key: owner.apiKey }))).items;

const typesOf = async (owner: TestAccount, promotionId: string) =>
  (await activitiesOf(owner, promotionId)).map((a) => a.activityType).sort();

const membershipOf = async (member: Payer, programId: string, promotionId: string) =>
  (await promotionMemberships(member, programId)).find((m) => m.promotionId === promotionId);

describe('promotion draws', () => {
  it('bounds entries; draws at its end the winners the keyed scores give, each paid once, reruns nothing', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const [many, two, one] = await Promise.all([1, 2, 3].map(() => newPayer('100000', { type: 'individual' })));
    for (const member of [many, two, one]) await ok(join(program.id, member));
    const rewards = { or: [money('700'), money('300', { totalSupply: 5 })] };
    const promotion = await newPromotion(merchant.owner, program.id, draw({ minimum: 2, maximum: 3 }, rewards));
    expect(promotion).toMatchObject({
      type: 'draw',
      status: 'active',
      params: {
        progress: { minimum: 2, maximum: 3 },
        rewards: { or: [money('700'), money('300', { totalSupply: '5' })] },
      },
    });
    expect(promotion.params.target).toBeUndefined();

    // Four payments earn three entries at most; one entry is short of the minimum of two.
    for (let i = 0; i < 4; i++) await payAt(merchant, many);
    for (let i = 0; i < 2; i++) await payAt(merchant, two);
    await payAt(merchant, one);
    const counted = async () =>
      Promise.all(
        [many, two, one].map(async (m) => (await membershipOf(m, program.id, promotion.id))?.params.progress.current),
      );
    expect(await waitFor(counted, (c) => c.join() === '3,2,1', 30_000)).toEqual([3, 2, 1]);
    expect(await membershipOf(many, program.id, promotion.id)).toMatchObject({
      status: 'active',
      params: { progress: { current: 3, minimum: 2, maximum: 3 } },
    });
    // A fifth payment earns nothing past the maximum (the draw below recomputes with three entries).
    await payAt(merchant, many);

    // Not drawn before its end.
    await runDraws();
    expect(await typesOf(merchant.owner, promotion.id)).not.toContain('promotion:ended');

    await advanceClock(merchant.owner.accountId, 2 * HOUR);
    await Promise.all([runDraws(), runDraws()]);
    await runDraws();

    // Whoever holds the draw-key secret recomputes the order: each entry's score keyed by it, ascending.
    const key = process.env.DRAW_KEY_SECRET ?? '';
    const entries = [...[1, 2, 3].map((n) => `${many.accountId}#${n}`), ...[1, 2].map((n) => `${two.accountId}#${n}`)];
    const score = (entry: string) => createHmac('sha256', key).update(`${promotion.id}#${entry}`).digest('hex');
    const order = [...new Set(entries.sort((a, b) => score(a).localeCompare(score(b))).map((e) => e.split('#')[0]))];
    const [first, second] = order.map((id) => (id === many.accountId ? many : two));
    const paidIn = { [many.accountId]: 5000, [two.accountId]: 2000, [one.accountId]: 1000 };
    expect(await balance(first.apiKey, first.walletId)).toBe(String(100000 - paidIn[first.accountId] + 700));
    expect(await balance(second.apiKey, second.walletId)).toBe(String(100000 - paidIn[second.accountId] + 300));
    expect(await balance(one.apiKey, one.walletId)).toBe(String(100000 - 1000));
    // The rewards come from the owner's funding wallet; the payments stay whole in the settlement wallet.
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(String(Number(FUNDS) - 1000));
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('8000');

    const types = await typesOf(merchant.owner, promotion.id);
    expect(types.filter((t) => t === 'promotion:ended')).toHaveLength(1);
    expect(types.filter((t) => t === 'promotion:completed')).toHaveLength(2);
    const ended = (await activitiesOf(merchant.owner, promotion.id)).find((a) => a.activityType === 'promotion:ended');
    expect(ended).toMatchObject({ status: 'ended', promotionId: promotion.id, createdBy: 'crn::service:promotions' });
    expect((await ok(api('GET', `/api/promotions/${promotion.id}`, { key: merchant.owner.apiKey }))).status).toBe(
      'ended',
    );
    expect((await membershipOf(first, program.id, promotion.id))?.status).toBe('complete');
    expect((await membershipOf(second, program.id, promotion.id))?.status).toBe('complete');
    expect(await membershipOf(one, program.id, promotion.id)).toMatchObject({
      status: 'expired',
      params: { progress: { current: 1 } },
    });
    expect((await membershipOf(many, program.id, promotion.id))?.params.progress.current).toBe(3);
  });

  it('ends a draw nobody entered with no winner', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const promotion = await newPromotion(
      merchant.owner,
      program.id,
      draw({ minimum: 1, maximum: 5 }, { and: [money('500')] }),
    );
    await advanceClock(merchant.owner.accountId, 2 * HOUR);
    await runDraws();
    await runDraws();
    expect(await typesOf(merchant.owner, promotion.id)).toEqual(['promotion:created', 'promotion:ended']);
    expect((await ok(api('GET', `/api/promotions/${promotion.id}`, { key: merchant.owner.apiKey }))).status).toBe(
      'ended',
    );
    expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(FUNDS);
  });

  it('refuses a draw without end or entry bounds, with a target or repeatable; a challenge or-group', async () => {
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const path = `/api/loyalty-programs/${program.id}/promotions`;
    const good = draw({ minimum: 1, maximum: 2 }, { and: [money('500')] });
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, endsAt: undefined }, 'endsAt'],
      [{ ...good, params: { rewards: good.params.rewards } }, 'params.progress'],
      [{ ...good, params: { ...good.params, progress: { minimum: 3, maximum: 2 } } }, 'params.progress'],
      [{ ...good, params: { ...good.params, progress: { maximum: 101 } } }, 'maximum'],
      [{ ...good, params: { ...good.params, target: { type: 'count', amount: 1 } } }, 'params.target'],
      [{ ...good, repeatable: true }, 'repeatable'],
      [{ ...good, params: { ...good.params, rewards: { and: [money('1', { totalSupply: 101 })] } } }, 'totalSupply'],
      [{ ...good, params: { ...good.params, rewards: { and: [money('1')], or: [money('1')] } } }, 'params.rewards'],
      [
        {
          ...good,
          conditions: [{ type: 'participation-limit', operator: 'equals', value: '1' }],
        },
        'conditions',
      ],
      [
        {
          ...good,
          type: 'challenge',
          endsAt: undefined,
          params: { target: { type: 'count', amount: 1 }, rewards: { or: [money('500')] } },
        },
        'params.rewards',
      ],
    ];
    for (const [body, field] of bad) {
      const res = await api('POST', path, { key: merchant.owner.apiKey, body });
      expect({ status: res.status, named: String(res.body.message).includes(field), written: written(res) }).toEqual({
        status: 400,
        named: true,
        written: [],
      });
    }
  });
});
