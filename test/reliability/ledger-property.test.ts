import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { db } from '../../functions/core/db/client';
import { ledgerEntryKey } from '../../functions/core/db/keys';
import { api, type ApiResponse } from '../support/api';
import { advanceClock } from '../support/clock';
import { newMerchant, newPayer, nzd, pay, type MerchantSetup, type Payer } from '../support/payments';

/**
 * Random sequences of money commands against the platform, each checked against a reference model
 * that computes, independently of the platform's code, what every command must answer and where
 * every cent must be afterwards. After each step every balance equals the model's, and the
 * ledger balances (each wallet's history sums to its balance; both sides of each transfer agree).
 */
type Step =
  | { kind: 'topup'; wallet: number; amount: number }
  | { kind: 'create'; amount: number }
  | { kind: 'pay'; request: number; wallet: number }
  | { kind: 'replay' }
  | { kind: 'refund'; request: number; amount: number }
  | { kind: 'void'; request: number }
  | { kind: 'expire'; request: number };

const WALLETS = 3;
/** Each run's payers start funded, so that pays, refunds and voids happen often, not only refusals. */
const OPENING_BALANCE = 6000;
/** Weighted so that most sequences fund, pay and then refund or void: the paths where money moves. */
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('topup' as const), wallet: fc.nat(WALLETS - 1), amount: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), amount: fc.integer({ min: 1, max: 4000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), request: fc.nat(3), wallet: fc.nat(WALLETS - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), request: fc.nat(3), amount: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), request: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), request: fc.nat(3) }) },
);

/** Successful commands per kind over all runs: the property must have moved money, not only refused. */
const succeeded = new Map<string, number>();
const tally = (kind: string, result: string) => {
  if (result === 'ok') succeeded.set(kind, (succeeded.get(kind) ?? 0) + 1);
  return result;
};

const SEED = Number(process.env.PROPERTY_SEED ?? 20261122);

/** The reference model: plain numbers and the documented rules, nothing shared with the platform's code. */
interface ModelRequest {
  id: string;
  amount: number;
  status: 'new' | 'paid' | 'cancelled' | 'expired';
  payer?: number;
  refunded: number;
}

class Model {
  wallets = Array.from({ length: WALLETS }, () => OPENING_BALANCE);
  settlement = 0;
  requests: ModelRequest[] = [];

  /** The outcome a command must have: 'ok' or its documented code. */
  pay(r: ModelRequest, wallet: number): string {
    if (r.status === 'paid') return 'REQUEST_PAID';
    if (r.status === 'cancelled') return 'REQUEST_CANCELLED';
    if (r.status === 'expired') return 'REQUEST_EXPIRED';
    if (this.wallets[wallet] < r.amount) return 'INSUFFICIENT_ASSET_VALUE';
    this.wallets[wallet] -= r.amount;
    this.settlement += r.amount;
    Object.assign(r, { status: 'paid', payer: wallet });
    return 'ok';
  }

  refund(r: ModelRequest, amount: number): string {
    if (r.status === 'cancelled' && r.refunded > 0) return 'ALREADY_REFUNDED';
    if (r.status !== 'paid') return 'NOT_PAID';
    const refundable = r.amount - r.refunded;
    if (refundable === 0) return 'ALREADY_REFUNDED';
    if (amount > refundable) return 'INVALID_AMOUNT';
    this.giveBack(r, amount);
    return 'ok';
  }

  void(r: ModelRequest): string {
    if (r.status === 'expired') return 'REQUEST_EXPIRED';
    if (r.status === 'cancelled') return r.refunded > 0 ? 'ALREADY_REFUNDED' : 'REQUEST_CANCELLED';
    if (r.status === 'paid') this.giveBack(r, r.amount - r.refunded);
    r.status = 'cancelled';
    return 'ok';
  }

  /** Time passes beyond every open request's due time (each is created with two minutes). */
  expireAll(): void {
    for (const r of this.requests) if (r.status === 'new') r.status = 'expired';
  }

  private giveBack(r: ModelRequest, amount: number): void {
    this.wallets[r.payer!] += amount;
    this.settlement -= amount;
    r.refunded += amount;
  }
}

const outcome = (res: ApiResponse) => (res.status === 200 ? 'ok' : String(res.body?.message));

describe(`ledger property against a reference model (seed ${SEED})`, () => {
  let merchant: MerchantSetup;
  beforeAll(async () => {
    merchant = await newMerchant();
  });

  it('every command answers what the model says, and money is exactly where the model puts it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 18 }), async (steps) => {
        const payers: Payer[] = [];
        for (let i = 0; i < WALLETS; i++) payers.push(await newPayer(String(OPENING_BALANCE)));
        const model = new Model();
        const settlementStart = BigInt(await walletBalance(merchant.owner.apiKey, merchant.settlementWalletId));
        let lastPay: { payer: Payer; request: string; key: string; res: ApiResponse } | undefined;
        let counter = 0;
        for (const s of steps) {
          const key = `${s.kind}-${counter++}`;
          const r = 'request' in s && model.requests.length ? model.requests[s.request % model.requests.length] : undefined;
          if (s.kind === 'topup') {
            const res = await api('POST', `/api/wallet-assets/${payers[s.wallet].walletId}/test-topups`, {
              key: payers[s.wallet].apiKey,
              body: { value: nzd(String(s.amount)), idempotencyKey: key },
            });
            expect(outcome(res)).toBe('ok');
            model.wallets[s.wallet] += s.amount;
          } else if (s.kind === 'create') {
            const res = await api('POST', '/api/payment-requests', { key: merchant.owner.apiKey, body: { configId: merchant.configId, value: nzd(String(s.amount)) } });
            expect(outcome(res)).toBe('ok');
            model.requests.push({ id: res.body.id, amount: s.amount, status: 'new', refunded: 0 });
          } else if (s.kind === 'replay') {
            if (!lastPay) continue;
            // The same key and command answers what it answered first, and moves nothing again.
            const res = await pay(lastPay.payer, lastPay.request, lastPay.key);
            expect([res.status, res.body]).toEqual([lastPay.res.status, lastPay.res.body]);
            if (res.status === 200) expect(res.headers.get('idempotent-replayed')).toBe('true');
          } else if (r && s.kind === 'pay') {
            const res = await pay(payers[s.wallet], r.id, key);
            expect(outcome(res)).toBe(tally('pay', model.pay(r, s.wallet)));
            lastPay = { payer: payers[s.wallet], request: r.id, key, res };
          } else if (r && s.kind === 'refund') {
            const res = await api('POST', `/api/payment-requests/${r.id}/refund`, { key: merchant.owner.apiKey, body: { value: nzd(String(s.amount)), externalRef: key } });
            expect(outcome(res)).toBe(tally('refund', model.refund(r, s.amount)));
          } else if (r && s.kind === 'void') {
            expect(outcome(await api('POST', `/api/payment-requests/${r.id}/void`, { key: merchant.owner.apiKey }))).toBe(tally('void', model.void(r)));
          } else if (r && s.kind === 'expire') {
            // The merchant's test clock moves past two minutes: every request still open expires.
            await advanceClock(merchant.owner.accountId, 121);
            model.expireAll();
            expect((await api('GET', `/api/payment-requests/${r.id}`, { key: merchant.owner.apiKey })).body.status).toBe(r.status);
          }
          await checkAgainstModel(payers, merchant, settlementStart, model);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6), seed: SEED, endOnFailure: true },
    );
    for (const kind of ['pay', 'refund', 'void']) expect([kind, succeeded.get(kind) ?? 0]).not.toEqual([kind, 0]);
  }, 240_000);
});

async function walletBalance(key: string, assetId: string): Promise<string> {
  const res = await api('GET', `/api/assets/${assetId}`, { key });
  expect(res.status).toBe(200);
  return res.body.balance;
}

/** Every entry of a wallet's history. */
async function history(key: string, walletId: string): Promise<{ id: string; value: string }[]> {
  const items: { id: string; value: string }[] = [];
  let pageKey: string | undefined;
  do {
    const res = await api('GET', `/api/wallets/${walletId}/transactions?paginationLimit=100${pageKey ? `&pageKey=${encodeURIComponent(pageKey)}` : ''}`, { key });
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    pageKey = res.body.nextPageKey;
  } while (pageKey);
  return items;
}

async function checkAgainstModel(payers: Payer[], merchant: MerchantSetup, settlementStart: bigint, model: Model): Promise<void> {
  for (const [i, payer] of payers.entries()) {
    const amount = BigInt(await walletBalance(payer.apiKey, payer.walletId));
    expect(amount).toBe(BigInt(model.wallets[i]));
    const entries = await history(payer.apiKey, payer.walletId);
    expect(entries.reduce((sum, e) => sum + BigInt(e.value), 0n)).toBe(amount);
    for (const entry of entries) {
      const [debit, credit] = await Promise.all(
        (['D', 'C'] as const).map((side) => db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: ledgerEntryKey(entry.id, side), ConsistentRead: true }))),
      );
      expect(debit.Item?.amount).toBe(credit.Item?.amount);
      expect(debit.Item?.currency).toBe(credit.Item?.currency);
    }
  }
  expect(BigInt(await walletBalance(merchant.owner.apiKey, merchant.settlementWalletId)) - settlementStart).toBe(BigInt(model.settlement));
}
