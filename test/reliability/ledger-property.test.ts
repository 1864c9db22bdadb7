import { GetCommand } from '../../functions/core/db/document';
import fc from 'fast-check';
import { db } from '../../functions/core/db/client';
import { ledgerEntryKey } from '../../functions/core/db/keys';
import { readBalanceItems, totals } from '../../functions/core/ledger/transfers';
import { findToken } from '../../functions/tokens';
import { api, type ApiResponse } from '../support/api';
import { advanceClock } from '../support/clock';
import { bankAccountOf, bankReports, topUp, withdraw } from '../support/funds';
import {
  balances,
  limitSpend,
  newMerchant,
  newPayer,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { collectionManager, newCollection, newCondition, newToken, ok } from '../support/value';

/**
 * Random sequences of money commands against the platform, each checked against a reference model
 * that computes, independently of the platform's code, what every command must answer and where
 * every cent must be afterwards. After each step every balance equals the model's, and the
 * ledger balances (each wallet's history sums to its balance; both sides of each transfer agree).
 * Tokens are issued into the payers' accounts and spent on requests with a line item (refunds and
 * voids give them back whole); money is sent as claim-page transfers, held until claimed or
 * cancelled, so available balances (balance less what transfers hold) are checked too. Each payer
 * has a monthly spend limit that its money pays and sends count against (refunds, voids and
 * cancels give nothing back); the usage the platform shows is checked against the model's.
 * Top ups come in from each payer's verified bank account and are settled, failed or aborted;
 * withdrawals are held until the simulated bank settles (paid out), fails or aborts them (given back).
 */
type Step =
  | { kind: 'topup'; wallet: number; amount: number }
  | { kind: 'create'; amount: number; withItem: boolean }
  | { kind: 'pay'; request: number; wallet: number }
  | { kind: 'replay' }
  | { kind: 'refund'; request: number; amount: number }
  | { kind: 'void'; request: number }
  | { kind: 'expire'; request: number }
  | { kind: 'issue'; wallet: number }
  | { kind: 'token-pay'; request: number; token: number }
  | { kind: 'send'; wallet: number; amount: number }
  | { kind: 'claim'; transfer: number; wallet: number }
  | { kind: 'cancel-transfer'; transfer: number }
  | { kind: 'bank-topup'; wallet: number; amount: number; outcome: BankStep }
  | { kind: 'withdraw'; wallet: number; amount: number }
  | { kind: 'bank-report'; withdrawal: number; outcome: 'settled' | 'failed' | 'aborted' };

/** How a top up ends: the bank settles or fails it, or its holder aborts it first. */
type BankStep = 'settled' | 'failed' | 'abort';

const WALLETS = 3;
/** Each run's payers start funded, so that pays, refunds and voids happen often, not only refusals. */
const OPENING_BALANCE = 6000;
/** Each payer's monthly svc.nzd.test spend limit: below the opening balance, so a run's pays and sends reach it. */
const SPEND_LIMIT = 5000;
/** Weighted so that most sequences fund, pay and then refund or void: the paths where money moves. */
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('topup' as const),
      wallet: fc.nat(WALLETS - 1),
      amount: fc.integer({ min: 1, max: 5000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      amount: fc.integer({ min: 1, max: 4000 }),
      withItem: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), request: fc.nat(3), wallet: fc.nat(WALLETS - 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      request: fc.nat(3),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), request: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), request: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('issue' as const), wallet: fc.nat(WALLETS - 1) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('token-pay' as const), request: fc.nat(3), token: fc.nat(3) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      wallet: fc.nat(WALLETS - 1),
      amount: fc.integer({ min: 1, max: 4000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('claim' as const), transfer: fc.nat(3), wallet: fc.nat(WALLETS - 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-transfer' as const), transfer: fc.nat(3) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bank-topup' as const),
      wallet: fc.nat(WALLETS - 1),
      amount: fc.integer({ min: 1, max: 4000 }),
      outcome: fc.constantFrom<BankStep>('settled', 'failed', 'abort'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      wallet: fc.nat(WALLETS - 1),
      amount: fc.integer({ min: 1, max: 4000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bank-report' as const),
      withdrawal: fc.nat(3),
      outcome: fc.constantFrom('settled' as const, 'failed' as const, 'aborted' as const),
    }),
  },
);

/**
 * Every run opens by issuing a token, spending it and getting it back by a refund, by sharing money
 * that another payer claims, by paying and partly refunding money, and by sending more than the
 * payer's spend quota has left, so each run moves tokens, transfers and payments and meets the
 * quota whatever the random steps then do.
 */
const OPENING: Step[] = [
  { kind: 'issue', wallet: 0 },
  { kind: 'create', amount: 500, withItem: true },
  { kind: 'token-pay', request: 0, token: 0 },
  { kind: 'send', wallet: 1, amount: 300 },
  { kind: 'claim', transfer: 0, wallet: 0 },
  { kind: 'create', amount: 400, withItem: false },
  { kind: 'pay', request: 1, wallet: 2 },
  { kind: 'refund', request: 1, amount: 100 },
  // The token comes back whole.
  { kind: 'refund', request: 0, amount: 500 },
  { kind: 'bank-topup', wallet: 1, amount: 700, outcome: 'settled' },
  { kind: 'withdraw', wallet: 2, amount: 200 },
  { kind: 'bank-report', withdrawal: 0, outcome: 'settled' },
  { kind: 'withdraw', wallet: 0, amount: 100 },
  // More than the spend quota has left (the refund gave none back), though the wallet holds it.
  { kind: 'send', wallet: 2, amount: SPEND_LIMIT - 300 },
];

/** What a token may pay: its product's (and collection's) maxValue. */
const TOKEN_CAP = 3000;

/** Successful commands per kind over all runs: the property must have moved money, not only refused. */
const succeeded = new Map<string, number>();
/** Refusals by a spend quota over all runs: the quota must have refused something, not only counted. */
let quotaRefusals = 0;
const tally = (kind: string, result: string) => {
  if (result === 'ok') succeeded.set(kind, (succeeded.get(kind) ?? 0) + 1);
  if (result === 'QUOTA_EXCEEDED') quotaRefusals++;
  return result;
};

const SEED = Number(process.env.PROPERTY_SEED ?? 20261122);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);
/** A run of up to 32 commands takes some 7 s here: `npm run test:property` (40 runs) gets the time its runs need. */
const TIMEOUT_MS = Math.max(240_000, RUNS * 15_000);

/** The reference model: plain numbers and the documented rules, nothing shared with the platform's code. */
interface ModelRequest {
  id: string;
  amount: number;
  status: 'new' | 'paid' | 'cancelled' | 'expired';
  payer?: number;
  refunded: number;
  /** Made with one line item on the config that also takes tokens. */
  withItem: boolean;
  /** The token that paid it. */
  token?: ModelToken;
}

interface ModelToken {
  id: string;
  owner: number;
  spent: boolean;
}

interface ModelTransfer {
  id: string;
  from: number;
  amount: number;
  open: boolean;
}

interface ModelWithdrawal {
  id: string;
  wallet: number;
  amount: number;
  open: boolean;
}

class Model {
  wallets = Array.from({ length: WALLETS }, () => OPENING_BALANCE);
  /** What open transfers hold on each wallet: its balance still, not available. */
  held = Array.from({ length: WALLETS }, () => 0);
  /** Each payer's spend this month: money paid and sent, never given back. */
  spent = Array.from({ length: WALLETS }, () => 0);
  settlement = 0;
  requests: ModelRequest[] = [];
  tokens: ModelToken[] = [];
  transfers: ModelTransfer[] = [];
  withdrawals: ModelWithdrawal[] = [];

  available(wallet: number): number {
    return this.wallets[wallet] - this.held[wallet];
  }

  /** Spends `amount` of the payer's quota, unless it would pass the limit. */
  private spend(wallet: number, amount: number): boolean {
    if (this.spent[wallet] + amount > SPEND_LIMIT) return false;
    this.spent[wallet] += amount;
    return true;
  }

  /** A token pays a request with a line item whole, up to its cap; the request is then paid. */
  tokenPay(r: ModelRequest, t: ModelToken): string {
    const state = this.requestState(r);
    if (state) return state;
    if (!r.withItem) return 'INVALID_ASSET_TYPE';
    if (t.spent) return 'INACTIVE_ASSET';
    if (r.amount > TOKEN_CAP) return 'ASSET_REDEMPTION_DENIED';
    t.spent = true;
    Object.assign(r, { status: 'paid', token: t });
    return 'ok';
  }

  /** Money shared through a claim page: held on the sender's wallet until claimed or cancelled. */
  send(wallet: number, amount: number): string {
    if (this.available(wallet) < amount) return 'INSUFFICIENT_WALLET_BALANCE';
    if (!this.spend(wallet, amount)) return 'QUOTA_EXCEEDED';
    this.held[wallet] += amount;
    return 'ok';
  }

  claim(x: ModelTransfer, wallet: number): string {
    if (wallet === x.from) return 'ASSET_TRANSFER_INVALID_RECIPIENT';
    if (!x.open) return 'ASSET_TRANSFER_INVALID_STATUS';
    this.held[x.from] -= x.amount;
    this.wallets[x.from] -= x.amount;
    this.wallets[wallet] += x.amount;
    x.open = false;
    return 'ok';
  }

  /** A top up from a verified bank account: credited once the bank settles it, never when it fails or is aborted. */
  bankTopup(wallet: number, amount: number, outcome: BankStep): string {
    if (outcome === 'settled') this.wallets[wallet] += amount;
    return 'ok';
  }

  /** A withdrawal holds its amount until the bank reports. */
  withdraw(wallet: number, amount: number): string {
    if (this.available(wallet) < amount) return 'INSUFFICIENT_WALLET_BALANCE';
    this.held[wallet] += amount;
    return 'ok';
  }

  /** Settled: the held amount leaves the wallet; failed or aborted: it is available again. Once only. */
  bankReport(w: ModelWithdrawal, outcome: 'settled' | 'failed' | 'aborted'): string {
    if (!w.open) return 'FUNDS_TRANSFER_ALREADY_COMPLETE';
    this.held[w.wallet] -= w.amount;
    if (outcome === 'settled') this.wallets[w.wallet] -= w.amount;
    w.open = false;
    return 'ok';
  }

  cancelTransfer(x: ModelTransfer): string {
    if (!x.open) return 'INVALID_ASSET_TRANSFER_STATUS';
    this.held[x.from] -= x.amount;
    x.open = false;
    return 'ok';
  }

  private requestState(r: ModelRequest): string | undefined {
    if (r.status === 'paid') return 'REQUEST_PAID';
    if (r.status === 'cancelled') return 'REQUEST_CANCELLED';
    if (r.status === 'expired') return 'REQUEST_EXPIRED';
    return undefined;
  }

  /** The outcome a command must have: 'ok' or its documented code. */
  pay(r: ModelRequest, wallet: number): string {
    if (r.status === 'paid') return 'REQUEST_PAID';
    if (r.status === 'cancelled') return 'REQUEST_CANCELLED';
    if (r.status === 'expired') return 'REQUEST_EXPIRED';
    if (this.available(wallet) < r.amount) return 'INSUFFICIENT_ASSET_VALUE';
    if (!this.spend(wallet, r.amount)) return 'QUOTA_EXCEEDED';
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
    if (r.token && amount !== refundable) return 'PARTIAL_REFUNDS_NOT_ALLOWED';
    this.giveBack(r, amount);
    return 'ok';
  }

  void(r: ModelRequest): string {
    if (r.status === 'expired') return 'REQUEST_EXPIRED';
    if (r.status === 'cancelled') return r.refunded > 0 ? 'ALREADY_REFUNDED' : 'REQUEST_CANCELLED';
    // A paid request refunded in full has nothing left to void.
    if (r.status === 'paid' && r.refunded === r.amount) return 'ALREADY_REFUNDED';
    if (r.status === 'paid') this.giveBack(r, r.amount - r.refunded);
    r.status = 'cancelled';
    return 'ok';
  }

  /** Time passes beyond every open request's due time (each is created with two minutes). */
  expireAll(): void {
    for (const r of this.requests) if (r.status === 'new') r.status = 'expired';
  }

  /** Money goes back to the payer's wallet; a token goes back to its holder whole. */
  private giveBack(r: ModelRequest, amount: number): void {
    if (r.token) r.token.spent = false;
    else {
      this.wallets[r.payer!] += amount;
      this.settlement -= amount;
    }
    r.refunded += amount;
  }
}

const outcome = (res: ApiResponse) => (res.status === 200 ? 'ok' : String(res.body?.message));

describe(`ledger property against a reference model (seed ${SEED})`, () => {
  let merchant: MerchantSetup;
  /** The merchant's config that also takes tokens of the collection, for one product up to TOKEN_CAP. */
  let tokenConfigId: string;
  let issuer: Awaited<ReturnType<typeof collectionManager>>;
  let collectionId: string;
  /** Every token of every run: the collection's issuance and redemptions assets account for all of them. */
  const allTokens: ModelToken[] = [];
  beforeAll(async () => {
    merchant = await newMerchant();
    issuer = await collectionManager();
    collectionId = (await newCollection(issuer, { maxValue: nzd(String(TOKEN_CAP)) })).id;
    await newCondition(issuer, collectionId, merchant.merchantId, [{ sku: 'bread', maxValue: nzd(String(TOKEN_CAP)) }]);
    const body = {
      paymentOptions: [
        { type: 'svc.nzd.test', walletId: merchant.settlementWalletId },
        { type: 'svc.token.test', collectionIds: [collectionId] },
      ],
    };
    tokenConfigId = (
      await ok(api('POST', `/api/merchants/${merchant.merchantId}/configs`, { key: merchant.owner.apiKey, body }))
    ).id;
  });

  it(
    'every command answers what the model says, and money is exactly where the model puts it',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 16, maxLength: 32 }), async (steps) => {
          const payers: Payer[] = [];
          for (let i = 0; i < WALLETS; i++) payers.push(await newPayer(String(OPENING_BALANCE)));
          for (const payer of payers) await limitSpend(payer.accountId, String(SPEND_LIMIT));
          const banks = await Promise.all(payers.map((p) => bankAccountOf(p)));
          const model = new Model();
          const settlementStart = BigInt(await walletBalance(merchant.owner.apiKey, merchant.settlementWalletId));
          let lastPay: { payer: Payer; request: string; key: string; res: ApiResponse } | undefined;
          let counter = 0;
          for (const s of [...OPENING, ...steps]) {
            const key = `${s.kind}-${counter++}`;
            const r =
              'request' in s && model.requests.length ? model.requests[s.request % model.requests.length] : undefined;
            if (s.kind === 'topup') {
              const res = await api('POST', `/api/wallet-assets/${payers[s.wallet].walletId}/test-topups`, {
                key: payers[s.wallet].apiKey,
                body: { value: nzd(String(s.amount)), idempotencyKey: key },
              });
              expect(outcome(res)).toBe('ok');
              model.wallets[s.wallet] += s.amount;
            } else if (s.kind === 'create') {
              const lineItems = s.withItem
                ? {
                    configId: tokenConfigId,
                    lineItems: [{ name: 'Bread', sku: 'bread', qty: '1', price: String(s.amount) }],
                  }
                : {};
              const res = await api('POST', '/api/payment-requests', {
                key: merchant.owner.apiKey,
                body: { configId: merchant.configId, value: nzd(String(s.amount)), ...lineItems },
              });
              expect(outcome(res)).toBe('ok');
              model.requests.push({
                id: res.body.id,
                amount: s.amount,
                status: 'new',
                refunded: 0,
                withItem: s.withItem,
              });
            } else if (s.kind === 'issue') {
              const token = await newToken(issuer, collectionId, {
                accountId: payers[s.wallet].accountId,
                idempotencyKey: `${key}-${payers[s.wallet].accountId}`,
              });
              const issued = { id: token.id, owner: s.wallet, spent: false };
              model.tokens.push(issued);
              allTokens.push(issued);
            } else if (r && s.kind === 'token-pay' && model.tokens.length) {
              const t = model.tokens[s.token % model.tokens.length];
              const res = await api('POST', `/api/payment-requests/${r.id}/pay`, {
                key: payers[t.owner].apiKey,
                body: { assetType: 'svc.token.test', assetId: t.id, idempotencyKey: key },
              });
              expect(outcome(res)).toBe(tally('token-pay', model.tokenPay(r, t)));
            } else if (s.kind === 'send') {
              const res = await api('POST', '/api/asset-transfers', {
                key: payers[s.wallet].apiKey,
                body: {
                  assetId: payers[s.wallet].walletId,
                  value: String(s.amount),
                  claimType: 'multi',
                  valueConfig: { type: 'flat', params: { amount: String(s.amount) } },
                },
              });
              expect(outcome(res)).toBe(tally('send', model.send(s.wallet, s.amount)));
              if (res.status === 200)
                model.transfers.push({ id: res.body.id, from: s.wallet, amount: s.amount, open: true });
            } else if (s.kind === 'claim' && model.transfers.length) {
              const x = model.transfers[s.transfer % model.transfers.length];
              // Claimed by another payer (the sender's own claim is refused, as the API tests show).
              const by = (x.from + 1 + (s.wallet % (WALLETS - 1))) % WALLETS;
              const res = await api('POST', `/api/asset-transfers/${x.id}/claim`, { key: payers[by].apiKey });
              expect(outcome(res)).toBe(tally('claim', model.claim(x, by)));
            } else if (s.kind === 'cancel-transfer' && model.transfers.length) {
              const x = model.transfers[s.transfer % model.transfers.length];
              const res = await api('POST', `/api/asset-transfers/${x.id}/cancel`, { key: payers[x.from].apiKey });
              expect(outcome(res)).toBe(tally('cancel-transfer', model.cancelTransfer(x)));
            } else if (s.kind === 'bank-topup') {
              const created = await topUp(
                payers[s.wallet],
                payers[s.wallet].walletId,
                banks[s.wallet].id,
                String(s.amount),
              );
              expect(outcome(created)).toBe('ok');
              const ended =
                s.outcome === 'abort'
                  ? await api('POST', `/api/funds-transfers/${created.body.id}/abort`, { key: payers[s.wallet].apiKey })
                  : await bankReports(created.body.id, s.outcome);
              expect(outcome(ended)).toBe(tally('bank-topup', model.bankTopup(s.wallet, s.amount, s.outcome)));
            } else if (s.kind === 'withdraw') {
              const res = await withdraw(
                payers[s.wallet],
                payers[s.wallet].walletId,
                banks[s.wallet].id,
                String(s.amount),
              );
              expect(outcome(res)).toBe(tally('withdraw', model.withdraw(s.wallet, s.amount)));
              if (res.status === 200)
                model.withdrawals.push({ id: res.body.id, wallet: s.wallet, amount: s.amount, open: true });
            } else if (s.kind === 'bank-report' && model.withdrawals.length) {
              const w = model.withdrawals[s.withdrawal % model.withdrawals.length];
              expect(outcome(await bankReports(w.id, s.outcome))).toBe(
                tally('bank-report', model.bankReport(w, s.outcome)),
              );
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
              const res = await api('POST', `/api/payment-requests/${r.id}/refund`, {
                key: merchant.owner.apiKey,
                body: { value: nzd(String(s.amount)), externalRef: key },
              });
              expect(outcome(res)).toBe(tally('refund', model.refund(r, s.amount)));
            } else if (r && s.kind === 'void') {
              expect(
                outcome(await api('POST', `/api/payment-requests/${r.id}/void`, { key: merchant.owner.apiKey })),
              ).toBe(tally('void', model.void(r)));
            } else if (r && s.kind === 'expire') {
              // The merchant's test clock moves past two minutes: every request still open expires.
              await advanceClock(merchant.owner.accountId, 121);
              model.expireAll();
              expect(
                (await api('GET', `/api/payment-requests/${r.id}`, { key: merchant.owner.apiKey })).body.status,
              ).toBe(r.status);
            }
            await checkAgainstModel(payers, merchant, settlementStart, model);
            await checkTokens(allTokens, collectionId);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      for (const kind of [
        'pay',
        'refund',
        'void',
        'token-pay',
        'send',
        'claim',
        'bank-topup',
        'withdraw',
        'bank-report',
      ])
        expect([kind, succeeded.get(kind) ?? 0]).not.toEqual([kind, 0]);
      expect(quotaRefusals).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});

/**
 * Each token holds one unit until spent and again once given back; the collection's issuance asset
 * is short of exactly the tokens issued and its redemptions asset holds exactly the spent ones.
 */
async function checkTokens(tokens: ModelToken[], collectionId: string): Promise<void> {
  for (const t of tokens) expect([t.id, (await findToken(t.id))?.balance]).toEqual([t.id, t.spent ? 0n : 1n]);
  const total = async (assetId: string) => totals((await readBalanceItems(assetId)).items).balance;
  expect(await total(`system-token-issuance-${collectionId}`)).toBe(-BigInt(tokens.length));
  expect(await total(`system-token-redemptions-${collectionId}`)).toBe(BigInt(tokens.filter((t) => t.spent).length));
}

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
    const res = await api(
      'GET',
      `/api/wallets/${walletId}/transactions` +
        `?paginationLimit=100${pageKey ? `&pageKey=${encodeURIComponent(pageKey)}` : ''}`,
      { key },
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    pageKey = res.body.nextPageKey;
  } while (pageKey);
  return items;
}

async function checkAgainstModel(
  payers: Payer[],
  merchant: MerchantSetup,
  settlementStart: bigint,
  model: Model,
): Promise<void> {
  for (const [i, payer] of payers.entries()) {
    const amount = BigInt(await walletBalance(payer.apiKey, payer.walletId));
    expect(amount).toBe(BigInt(model.wallets[i]));
    expect(BigInt((await balances(payer.apiKey, payer.walletId)).available)).toBe(BigInt(model.available(i)));
    const quotas = await api('GET', `/api/accounts/${payer.accountId}/quotas`, { key: payer.apiKey });
    expect(
      quotas.body.find((q: { type: string; period: string }) => q.type === 'spend' && q.period === 'monthly')?.usage,
    ).toBe(String(model.spent[i]));
    const entries = await history(payer.apiKey, payer.walletId);
    expect(entries.reduce((sum, e) => sum + BigInt(e.value), 0n)).toBe(amount);
    for (const entry of entries) {
      const [debit, credit] = await Promise.all(
        (['D', 'C'] as const).map((side) =>
          db().send(
            new GetCommand({
              TableName: process.env.TABLE_NAME,
              Key: ledgerEntryKey(entry.id, side),
              ConsistentRead: true,
            }),
          ),
        ),
      );
      expect(debit.Item?.amount).toBe(credit.Item?.amount);
      expect(debit.Item?.currency).toBe(credit.Item?.currency);
    }
  }
  expect(BigInt(await walletBalance(merchant.owner.apiKey, merchant.settlementWalletId)) - settlementStart).toBe(
    BigInt(model.settlement),
  );
}
