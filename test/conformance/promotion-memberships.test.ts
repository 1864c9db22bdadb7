/** Docs page "Promotion Memberships": src/content/api/promotion-memberships.mdoc and its example exchange. */
import { api } from '../support/api';
import { challenge, fundedMerchant, join, newActiveProgram, newPromotion } from '../support/loyalty';
import { newPayer } from '../support/payments';
import { logoForm } from '../support/media';
import { ok } from '../support/value';
import { except, expectExchange, N, S } from './support';

const TARGET = { type: S, amount: N };
const REWARD = { assetType: S, amount: S };
/** See docs/conformance.md. */
const SHAPE = except(
  {
    id: S,
    accountId: S,
    programId: S,
    promotionId: S,
    name: S,
    summary: S,
    mediaUploadId: S,
    startsAt: S,
    endsAt: S,
    description: S,
    eventType: S,
    rewards: [REWARD],
    target: TARGET,
    params: { target: TARGET, rewards: { and: [REWARD] }, progress: { current: N } },
    type: S,
    conditions: [{ field: S, value: S, operator: S }],
    createdAt: S,
    createdBy: S,
    modifiedAt: S,
    modifiedBy: S,
    img: S,
    progress: N,
    status: S,
    test: 'boolean',
  },
  {
    'target.amount': 'served as the string the promotion create example answers; this example shows a number',
    'params.target.amount': 'served as the string the promotion create example answers; this example shows a number',
  },
);

describe('Promotion Memberships: documented example exchanges', () => {
  it('GET /api/accounts/{id}/promotion-memberships', async () => {
    const [merchant, member] = await Promise.all([fundedMerchant(), newPayer('1000', { type: 'individual' })]);
    const program = await newActiveProgram(merchant.owner);
    const logo = await ok(api('POST', '/api/media-uploads', { key: merchant.owner.apiKey, form: logoForm() }));
    await newPromotion(
      merchant.owner,
      program.id,
      challenge({ type: 'count', amount: 1 }, '500', {
        summary: 'Make a payment',
        mediaUploadId: logo.id,
        startsAt: '2023-02-16T00:47:54.131Z',
        endsAt: '2099-02-16T00:47:54.131Z',
        conditions: [{ field: 'amount', value: '99', operator: 'greater-than' }],
        description: 'Only payments above 99 cents count.',
      }),
    );
    await ok(join(program.id, member));
    const res = await api(
      'GET',
      `/api/accounts/${member.accountId}/promotion-memberships?loyaltyProgramId=${program.id}`,
      { key: member.apiKey },
    );
    expectExchange(res, { items: [SHAPE] });
  });
});
