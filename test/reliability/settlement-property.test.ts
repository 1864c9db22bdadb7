import fc from 'fast-check';
import { api, seed, type Json } from '../support/api';
import { DAY } from '../support/clock';
import { balance, newPayer, newPaymentRequest, nzd, pay, type Payer } from '../support/payments';
import { endDay, runSettlements, settlementsOf, settlingMerchant, type SettlingMerchant } from '../support/settlements';

/**
 * Random sequences of payments, refunds, voids and settlement runs (each after the merchant's test clock moved past
 * a UTC midnight), checked against a model that computes, independently of the platform's code, what each command
 * must answer and what each run must settle. After each run the merchant's settlements equal the model's (amount and
 * period) and the settlement wallet holds the model's balance; at the end every settlement equals its wallet's
 * ledger entries in its period, periods never overlap, and every payment lies in one settled period or in days that
 * net to nothing: none settled twice, none missed. `PROPERTY_RUNS` runs more (`npm run test:property`).
 */
type Step =
  | { kind: 'pay'; amount: number }
  | { kind: 'refund'; request: number; amount: number }
  | { kind: 'void'; request: number }
  | { kind: 'settle' };

const RUNS = Number(process.env.PROPERTY_RUNS ?? 2);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const DAY_MS = DAY * 1000;
/** The void window; a void this close to its edge (real seconds pass between reads) is not judged. */
const VOID_WINDOW_MS = DAY_MS;
const EDGE_MS = 120_000;

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 900 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      request: fc.nat(),
      amount: fc.integer({ min: 1, max: 600 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), request: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
);

interface ModelRequest {
  id: string;
  createdAt: number;
  paid: bigint;
  refunded: bigint;
  voided: boolean;
}
interface Movement {
  day: string;
  amount: bigint;
}
interface ModelSettlement {
  settlementAmount: string;
  periodStart: string;
  periodEnd: string;
}

/** The reference model: the wallet's balance, its unsettled movements by day, and the settlements made. */
class Model {
  wallet = 0n;
  pending: Movement[] = [];
  settlements: ModelSettlement[] = [];
  requests: ModelRequest[] = [];
  taken = 0n;
  givenBack = 0n;

  constructor(public day: string) {}

  move(amount: bigint): void {
    this.wallet += amount;
    this.pending.push({ day: this.day, amount });
    if (amount > 0n) this.taken += amount;
    else this.givenBack -= amount;
  }

  /**
   * A run after the day ended: the unsettled days oldest first, summed; a settlement wherever the sum is positive and
   * the wallet covers it, from the first unsettled day to the end of the day reached.
   */
  settle(nextDay: string): void {
    const days = [...new Set(this.pending.map((m) => m.day))].sort();
    let start: string | undefined;
    let running = 0n;
    for (const day of days) {
      start ??= day;
      running += this.pending.filter((m) => m.day === day).reduce((sum, m) => sum + m.amount, 0n);
      if (running <= 0n || running > this.wallet) continue;
      const end = new Date(Date.parse(day) + DAY_MS).toISOString();
      this.settlements.push({ settlementAmount: running.toString(), periodStart: start, periodEnd: end });
      this.wallet -= running;
      this.pending = this.pending.filter((m) => m.day > day);
      start = undefined;
      running = 0n;
    }
    this.day = nextDay;
  }
}

async function clockNow(accountId: string): Promise<number> {
  const res = await api('GET', `/api/accounts/${accountId}/test-clock`, { key: seed().operatorApiKey });
  return Date.parse(res.body.now);
}

/** Every transaction of the wallet (all pages), oldest first. */
async function walletTransactions(merchant: SettlingMerchant): Promise<Json[]> {
  const items: Json[] = [];
  let pageKey: string | undefined;
  do {
    const query = `paginationLimit=100${pageKey ? `&pageKey=${pageKey}` : ''}`;
    const res = await api('GET', `/api/wallets/${merchant.settlementWalletId}/transactions?${query}`, {
      key: merchant.owner.apiKey,
    });
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    pageKey = res.body.nextPageKey;
  } while (pageKey);
  return items.reverse();
}

async function apply(merchant: SettlingMerchant, payer: Payer, model: Model, s: Step): Promise<void> {
  const key = merchant.owner.apiKey;
  const request =
    'request' in s && model.requests.length ? model.requests[s.request % model.requests.length] : undefined;
  switch (s.kind) {
    case 'pay': {
      const created = await newPaymentRequest(merchant, { value: nzd(String(s.amount)) });
      expect((await pay(payer, created.id, `p-${created.id}`)).status).toBe(200);
      const amount = BigInt(s.amount);
      model.requests.push({
        id: created.id,
        createdAt: Date.parse(created.createdAt),
        paid: amount,
        refunded: 0n,
        voided: false,
      });
      model.move(amount);
      return;
    }
    case 'refund': {
      if (!request) return;
      const amount = BigInt(s.amount);
      const allowed = !request.voided && amount <= request.paid - request.refunded && amount <= model.wallet;
      const res = await api('POST', `/api/payment-requests/${request.id}/refund`, {
        key,
        body: { value: nzd(String(s.amount)), externalRef: `r-${model.requests.length}-${Math.random()}` },
      });
      expect({ step: s, status: res.status === 200 }).toEqual({ step: s, status: allowed });
      if (!allowed) return;
      request.refunded += amount;
      model.move(-amount);
      return;
    }
    case 'void': {
      if (!request) return;
      const age = (await clockNow(merchant.owner.accountId)) - request.createdAt;
      if (Math.abs(age - VOID_WINDOW_MS) < EDGE_MS) return;
      const left = request.paid - request.refunded;
      const allowed = !request.voided && age <= VOID_WINDOW_MS && left > 0n && left <= model.wallet;
      const res = await api('POST', `/api/payment-requests/${request.id}/void`, { key });
      expect({ step: s, status: res.status === 200 }).toEqual({ step: s, status: allowed });
      if (!allowed) return;
      request.voided = true;
      request.refunded = request.paid;
      model.move(-left);
      return;
    }
    case 'settle': {
      const nextDay = await endDay(merchant.owner.accountId);
      await runSettlements();
      model.settle(nextDay);
      const listed = (await settlementsOf(merchant)).reverse();
      expect(
        listed.map((x) => ({
          settlementAmount: x.settlementAmount,
          periodStart: x.periodStart,
          periodEnd: x.periodEnd,
        })),
      ).toEqual(model.settlements);
      expect(await balance(key, merchant.settlementWalletId)).toBe(model.wallet.toString());
    }
  }
}

/** Every settlement equals its period's entries; periods are disjoint; every payment is settled once or nets out. */
async function reconcile(merchant: SettlingMerchant, model: Model): Promise<void> {
  const settlements = (await settlementsOf(merchant)).reverse();
  const entries = (await walletTransactions(merchant)).filter((e) => e.kind !== 'settlement');
  const within = (e: Json, s: Json) => e.createdAt >= s.periodStart && e.createdAt < s.periodEnd;
  for (const s of settlements)
    expect(
      entries
        .filter((e) => within(e, s))
        .reduce((sum, e) => sum + BigInt(e.value), 0n)
        .toString(),
    ).toBe(s.settlementAmount);
  for (let i = 1; i < settlements.length; i++)
    expect(settlements[i].periodStart >= settlements[i - 1].periodEnd).toBe(true);
  const unsettledDays = new Set(model.pending.map((m) => m.day));
  for (const payment of entries.filter((e) => e.kind === 'payment')) {
    const covering = settlements.filter((s) => within(payment, s)).length;
    const day = new Date(Math.floor(Date.parse(payment.createdAt) / DAY_MS) * DAY_MS).toISOString();
    expect({ payment: payment.paymentRequestId, covering: covering + (unsettledDays.has(day) ? 1 : 0) }).toEqual({
      payment: payment.paymentRequestId,
      covering: 1,
    });
  }
  const settled = settlements.reduce((sum, s) => sum + BigInt(s.settlementAmount), 0n);
  expect(settled).toBe(model.taken - model.givenBack - model.wallet);
}

// Each run sets up a settling merchant, then sends up to a few dozen commands on a shared, loaded platform.
jest.setTimeout(Math.max(300_000, RUNS * 150_000));

describe(`settlements against a model (seed ${SEED}, ${RUNS} runs)`, () => {
  it('settles every period to the sum of the model, each payment once, the wallet left at its balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 18 }), async (steps) => {
        const [merchant, payer] = await Promise.all([settlingMerchant(), newPayer('1000000')]);
        const model = new Model(await endDay(merchant.owner.accountId));
        for (const s of [...steps, { kind: 'settle' } as const]) await apply(merchant, payer, model, s);
        await reconcile(merchant, model);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
