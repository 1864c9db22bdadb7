/** Docs page "Settlements": src/content/api/settlements.mdx and its example exchange. */
import { SETTLE_AFTER_MS } from '../../functions/settlements/periods';
import { api } from '../support/api';
import { newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { endDay, runSettlements, settlingMerchant, type SettlingMerchant } from '../support/settlements';
import { B, expectExchange, S } from './support';

/** The documented settlement (the example's second item: not yet confirmed, so no settledAt/settledBy). */
const SETTLEMENT = {
  id: S,
  status: S,
  assetType: S,
  currency: S,
  createdAt: S,
  createdBy: S,
  settlementAmount: S,
  settlementBankAccountId: S,
  type: S,
  test: B,
} as const;
/** The example's first item: confirmed by the bank. */
const CONFIRMED = { ...SETTLEMENT, settledAt: S, settledBy: S } as const;

let merchant: SettlingMerchant;

beforeAll(async () => {
  merchant = await settlingMerchant();
  const payer = await newPayer('10000');
  // The bank pays a payout a day after it was sent: the second day's run, an hour later in its day than the
  // first's, confirms the first (the same hour would confirm it only if the second run were the slower one).
  for (const [amount, secondsIntoDay] of [
    ['2500', SETTLE_AFTER_MS / 1000 + 60],
    ['2200', 3600],
  ] as const) {
    const pr = await newPaymentRequest(merchant, { value: nzd(amount) });
    expect((await pay(payer, pr.id, `conformance-${pr.id}`)).status).toBe(200);
    await endDay(merchant.owner.accountId, secondsIntoDay);
    await runSettlements();
  }
  // A settlement run visits every settling wallet the suite's files have made so far: under load, past 30 s.
}, 120_000);

describe('Settlements: documented example exchange', () => {
  it('GET /api/merchants/{merchantId}/settlements: a confirmed and an awaiting settlement', async () => {
    const res = await api('GET', `/api/merchants/${merchant.merchantId}/settlements`, { key: merchant.owner.apiKey });
    expectExchange(res, { items: [SETTLEMENT] });
    const [awaiting, confirmed] = res.body.items;
    expect(awaiting).toMatchObject({ status: 'awaiting-confirmation', settlementAmount: '2200' });
    expect(confirmed).toMatchObject({ status: 'confirmed', settlementAmount: '2500' });
    expectExchange({ ...res, body: confirmed }, CONFIRMED);
  });
});
