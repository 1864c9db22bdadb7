/** Docs page "Promotions": src/content/api/promotions.mdoc and its example exchanges. */
import { handler as runDraws } from '../../functions/consumers/promotion-draws';
import { api, newAccount, type Json, type TestAccount } from '../support/api';
import { advanceClock, HOUR } from '../support/clock';
import { challenge, fundedMerchant, newActiveProgram, newPromotion } from '../support/loyalty';
import { logoForm } from '../support/media';
import { ok } from '../support/value';
import { B, except, expectError, expectExchange, expectShape, S, type ShapeObject } from './support';

const TARGET = { type: S, amount: S };
const REWARD = { assetType: S, amount: S };
const PROMOTION: ShapeObject = {
  id: S,
  accountId: S,
  programId: S,
  name: S,
  summary: S,
  description: S,
  mediaUploadId: S,
  img: S,
  startsAt: S,
  endsAt: S,
  rewards: [REWARD],
  eventType: S,
  target: TARGET,
  params: { target: TARGET, rewards: { and: [REWARD] } },
  type: S,
  conditions: [{ field: S, value: S, operator: S }],
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
};

/** See docs/conformance.md. */
const DEPARTURES = {
  'target.amount': 'served as the string the create example answers; the read examples show a number',
  'params.target.amount': 'served as the string the create example answers; the read examples show a number',
};
const READ = except(PROMOTION, DEPARTURES);

let owner: TestAccount;
let programId: string;
let body: Json;
beforeAll(async () => {
  const merchant = await fundedMerchant();
  owner = merchant.owner;
  const [program, logo] = await Promise.all([
    newActiveProgram(owner),
    ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form: logoForm() })),
  ]);
  programId = program.id;
  body = challenge({ type: 'count', amount: '1' }, '500', {
    summary: 'Make a payment',
    mediaUploadId: logo.id,
    startsAt: '2023-02-16T00:47:54.131Z',
    endsAt: '2099-02-16T00:47:54.131Z',
    conditions: [
      { field: 'amount', value: '99', operator: 'greater-than' },
      { type: 'merchantId', value: merchant.merchantId, operator: 'equals' },
    ],
    description: 'The amount of the payment must be greater than $1.',
    repeatable: true,
  });
}, 60_000);

describe('Promotions: documented example exchanges', () => {
  it('POST /api/loyalty-programs/{id}/promotions', async () => {
    const res = await api('POST', `/api/loyalty-programs/${programId}/promotions`, { key: owner.apiKey, body });
    expectExchange(res, {
      ...PROMOTION,
      conditions: [{ field: S, value: S, operator: S }],
      repeatable: B,
    });
  });

  it('GET /api/promotions/{promotionId}', async () => {
    const made = await newPromotion(owner, programId, body);
    expectExchange(await api('GET', `/api/promotions/${made.id}`, { key: owner.apiKey }), READ);
  });

  it('GET /api/accountId/{id}/promotions (served as /api/accounts/{id}/promotions)', async () => {
    await newPromotion(owner, programId, body);
    expectExchange(await api('GET', `/api/accounts/${owner.accountId}/promotions`, { key: owner.apiKey }), {
      items: [READ],
    });
  });

  it('GET /api/loyalty-programs/{id}/promotions', async () => {
    await newPromotion(owner, programId, body);
    expectExchange(await api('GET', `/api/loyalty-programs/${programId}/promotions`, { key: owner.apiKey }), {
      items: [READ],
    });
  });

  it('GET /api/promotions/{promotionId}/activities', async () => {
    const made = await newPromotion(owner, programId, body);
    const res = await api('GET', `/api/promotions/${made.id}/activities`, { key: owner.apiKey });
    expectExchange(res, { items: [{ id: S, activityType: S, promotionId: S, programId: S, createdAt: S }] });
  });

  it('GET /api/promotions/{promotionId}/activities: a drawn draw’s promotion:ended', async () => {
    // Its own owner: moving the clock to the draw's end moves no other test's.
    const merchant = await fundedMerchant();
    const program = await newActiveProgram(merchant.owner);
    const made = await newPromotion(merchant.owner, program.id, {
      name: 'Win a Coffee Year',
      eventType: 'payment',
      type: 'draw',
      endsAt: new Date(Date.now() + HOUR * 1000).toISOString(),
      params: { progress: { minimum: 1, maximum: 5 }, rewards: { or: [{ assetType: 'svc.nzd.test', amount: '500' }] } },
    });
    await advanceClock(merchant.owner.accountId, 2 * HOUR);
    await runDraws();
    const res = await api('GET', `/api/promotions/${made.id}/activities`, { key: merchant.owner.apiKey });
    expectExchange(res, { items: [{ id: S, activityType: S, promotionId: S, createdAt: S }] });
    const ended = res.body.items.find((a: Json) => a.activityType === 'promotion:ended');
    expectShape(ended, { id: S, activityType: S, promotionId: S, createdBy: S, createdAt: S, status: S });
    expect(ended.status).toBe('ended');
  });
});

describe('Promotions: documented errors', () => {
  it('a reward the owner holds no ledger for: 403 PROMOTION_REWARDS_INVALID', async () => {
    const walletless = await newAccount();
    const program = await newActiveProgram(walletless);
    expectError(
      await api('POST', `/api/loyalty-programs/${program.id}/promotions`, {
        key: walletless.apiKey,
        body: challenge({ type: 'count', amount: '1' }),
      }),
      403,
      'PROMOTION_REWARDS_INVALID',
    );
  });
});
