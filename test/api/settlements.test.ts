import { api, FORBIDDEN, newAccount, seed, type Json } from '../support/api';
import { SETTLE_AFTER_MS } from '../../functions/settlements/periods';
import { advanceClock, DAY, waitFor } from '../support/clock';
import { bankAccountOf } from '../support/funds';
import { challenge, join, newActiveProgram, newPromotion } from '../support/loyalty';
import { ok } from '../support/value';
import {
  balance,
  newFundedWallet,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type Payer,
} from '../support/payments';
import {
  endDay,
  runSettlements,
  settlementsOf,
  settleTo,
  settlingMerchant,
  type SettlingMerchant,
} from '../support/settlements';

// Each test drives a merchant through payments, clock moves and settlement runs on a shared, loaded platform.
jest.setTimeout(90_000);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function paid(merchant: SettlingMerchant, payer: Payer, amount: string): Promise<string> {
  const pr = await newPaymentRequest(merchant, { value: nzd(amount) });
  const res = await pay(payer, pr.id, `pay-${pr.id}`);
  expect(res.status).toBe(200);
  return pr.id;
}

const refund = (merchant: SettlingMerchant, paymentRequestId: string, amount: string) =>
  api('POST', `/api/payment-requests/${paymentRequestId}/refund`, {
    key: merchant.owner.apiKey,
    body: { value: nzd(amount), externalRef: `refund-${paymentRequestId}-${amount}` },
  });

/** What the simulated bank reports about a settlement's payout now (the platform operator's call). */
const bankReports = (settlementId: string, outcome: 'settled' | 'returned', key = seed().operatorApiKey) =>
  api('POST', `/api/settlements/${settlementId}/bank-outcome`, { key, body: { outcome } });

/** The balance of the merchant's settlement bank account at the simulated bank. */
async function bankBalance(merchant: SettlingMerchant): Promise<string> {
  const res = await api('GET', `/api/accounts/${merchant.owner.accountId}/bank-account-balances`, {
    key: merchant.owner.apiKey,
  });
  return res.body.items.find((item: Json) => item.bankAccountId === merchant.bankAccount.id).balance;
}

/** The wallet's ledger movements as its transactions list shows them (newest first, up to 100). */
async function movements(merchant: SettlingMerchant): Promise<Json[]> {
  const res = await api('GET', `/api/wallets/${merchant.settlementWalletId}/transactions?paginationLimit=100`, {
    key: merchant.owner.apiKey,
  });
  expect(res.status).toBe(200);
  return res.body.items;
}

describe('merchant settlements', () => {
  it('settles a day five minutes after it ended: a movement stamped before midnight may commit after', async () => {
    const merchant = await settlingMerchant();
    const payer = await newPayer('1000');
    await paid(merchant, payer, '1000');
    await endDay(merchant.owner.accountId, 60);
    await runSettlements();
    expect(await settlementsOf(merchant)).toEqual([]);
    await advanceClock(merchant.owner.accountId, SETTLE_AFTER_MS / 1000);
    await runSettlements();
    expect((await settlementsOf(merchant)).map((s: Json) => s.settlementAmount)).toEqual(['1000']);
  });

  it(
    "settles an ended day's payments less refunds to the settlement bank account, debiting the wallet by the " +
      'amount its ledger entries of the day sum to, once',
    async () => {
      const merchant = await settlingMerchant();
      const payer = await newPayer('100000');
      const first = await paid(merchant, payer, '1000');
      await paid(merchant, payer, '500');
      expect((await refund(merchant, first, '200')).status).toBe(200);
      const dayEnd = await endDay(merchant.owner.accountId);
      // Money taken after the day ended belongs to the next period.
      await paid(merchant, payer, '700');

      await runSettlements();
      const [settlement] = await settlementsOf(merchant);
      expect(settlement).toEqual({
        id: expect.any(String),
        merchantId: merchant.merchantId,
        status: 'awaiting-confirmation',
        assetType: 'svc.nzd.test',
        currency: 'NZD',
        settlementAmount: '1300',
        settlementBankAccountId: merchant.bankAccount.id,
        settlementBankTransferId: expect.any(String),
        walletId: merchant.settlementWalletId,
        periodStart: new Date(Date.parse(dayEnd) - DAY * 1000).toISOString(),
        periodEnd: dayEnd,
        type: 'centrapay',
        test: true,
        createdAt: expect.stringMatching(TIMESTAMP),
        createdBy: 'crn::service:settlements',
      });
      expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('700');

      // Reconciliation: the wallet's movements in the period sum to the amount; the debit carries it out.
      const listed = await movements(merchant);
      const inPeriod = listed.filter(
        (m) => m.kind !== 'settlement' && m.createdAt >= settlement.periodStart && m.createdAt < settlement.periodEnd,
      );
      expect(inPeriod.reduce((sum, m) => sum + BigInt(m.value), 0n)).toBe(1300n);
      expect(listed.filter((m) => m.kind === 'settlement').map((m) => m.value)).toEqual(['-1300']);

      // A rerun of the same period settles nothing twice.
      await runSettlements();
      expect(await settlementsOf(merchant)).toHaveLength(1);
      expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('700');

      // The simulated bank pays it a day after it was sent; the next day's 700 is settled in the same run.
      await endDay(merchant.owner.accountId, 3600);
      await runSettlements();
      const [next, confirmed] = await settlementsOf(merchant);
      expect(confirmed).toMatchObject({
        id: settlement.id,
        status: 'confirmed',
        settledAt: expect.stringMatching(TIMESTAMP),
        settledBy: 'crn::service:bank',
      });
      expect(next).toMatchObject({ status: 'awaiting-confirmation', settlementAmount: '700', periodStart: dayEnd });
      expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('0');
    },
  );

  it(
    'waits while refunds made after a day ended leave the wallet short of it, then settles what the days add up ' +
      'to, from the first unsettled day',
    async () => {
      const merchant = await settlingMerchant();
      const payer = await newPayer('100000');
      const first = await paid(merchant, payer, '1000');
      const firstDayEnd = await endDay(merchant.owner.accountId);
      // Before the run: the wallet holds 600, short of the day's 1000.
      expect((await refund(merchant, first, '400')).status).toBe(200);
      await runSettlements();
      expect(await settlementsOf(merchant)).toEqual([]);

      await endDay(merchant.owner.accountId);
      await runSettlements();
      const [settlement] = await settlementsOf(merchant);
      expect(settlement).toMatchObject({
        settlementAmount: '600',
        periodStart: new Date(Date.parse(firstDayEnd) - DAY * 1000).toISOString(),
        periodEnd: new Date(Date.parse(firstDayEnd) + DAY * 1000).toISOString(),
      });
      expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('0');
    },
  );

  it('gives a payout the bank returns back to the wallet, where the next settlement takes it again', async () => {
    const merchant = await settlingMerchant();
    const payer = await newPayer('100000');
    await paid(merchant, payer, '2500');
    await endDay(merchant.owner.accountId);
    await runSettlements();
    const [sent] = await settlementsOf(merchant);
    expect(await bankBalance(merchant)).toBe('25.00');
    const reported = await bankReports(sent.id, 'returned');
    expect(reported.body).toEqual({ ...sent, status: 'returned' });
    expect((await bankReports(sent.id, 'settled')).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'SETTLEMENT_ALREADY_COMPLETE',
    });
    expect((await bankReports(sent.id, 'settled', merchant.owner.apiKey)).body).toEqual(FORBIDDEN);
    const [returned] = await settlementsOf(merchant);
    expect(returned).toMatchObject({ status: 'returned', settlementAmount: '2500' });
    expect(returned.settledAt).toBeUndefined();
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('2500');
    // The bank account's balance at the simulated bank no longer counts the payout it sent back.
    expect(await bankBalance(merchant)).toBe('0.00');
    expect((await movements(merchant)).map((m) => [m.kind, m.value]).slice(0, 2)).toEqual([
      ['settlement-return', '2500'],
      ['settlement', '-2500'],
    ]);

    // The returned money is settled again with the day it came back in.
    await endDay(merchant.owner.accountId);
    await runSettlements();
    const [resettled] = await settlementsOf(merchant);
    expect(resettled).toMatchObject({
      status: 'awaiting-confirmation',
      settlementAmount: '2500',
      settlementBankAccountId: merchant.bankAccount.id,
    });
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('0');
  });

  it("settles a day's payments whole when the merchant's promotion rewards a payer from another wallet", async () => {
    const merchant = await settlingMerchant();
    const funding = await newFundedWallet(merchant.owner, '1000');
    const program = await newActiveProgram(merchant.owner);
    const payer = await newPayer('100000', { type: 'individual' });
    await ok(join(program.id, payer));
    await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 1 }, '300'));
    await paid(merchant, payer, '1000');
    await waitFor(
      () => balance(payer.apiKey, payer.walletId),
      (value) => value === String(100000 - 1000 + 300),
      30_000,
    );
    await endDay(merchant.owner.accountId);
    await runSettlements();
    expect(await settlementsOf(merchant)).toEqual([
      expect.objectContaining({ status: 'awaiting-confirmation', settlementAmount: '1000' }),
    ]);
    expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('0');
    expect(await balance(merchant.owner.apiKey, funding)).toBe('700');
  });

  it('settles only merchants with a settlement config naming an approved bank account', async () => {
    const payer = await newPayer('100000');
    const unconfigured = await newMerchant();
    const unapproved = await newMerchant();
    const pr = async (m: typeof unconfigured) => {
      const request = await newPaymentRequest(m, { value: nzd('300') });
      expect((await pay(payer, request.id, `pay-${request.id}`)).status).toBe(200);
    };
    const bankAccount = await bankAccountOf(unapproved.owner);
    await settleTo(unapproved, bankAccount.id);
    await Promise.all([pr(unconfigured), pr(unapproved)]);
    await Promise.all([endDay(unconfigured.owner.accountId), endDay(unapproved.owner.accountId)]);
    await runSettlements();
    for (const merchant of [unconfigured, unapproved]) {
      expect(await settlementsOf(merchant)).toEqual([]);
      expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe('300');
    }
  });

  it("lists a merchant's settlements to whoever may read the merchant, a page at a time", async () => {
    const merchant = await settlingMerchant();
    const stranger = await newAccount();
    const path = `/api/merchants/${merchant.merchantId}/settlements`;
    expect((await api('GET', path, { key: merchant.owner.apiKey })).body).toEqual({ items: [] });
    expect((await api('GET', path, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect(
      (await api('GET', '/api/merchants/zzNoSuchMerchant0000000/settlements', { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
    const tooMany = await api('GET', `${path}?paginationLimit=101`, { key: merchant.owner.apiKey });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/paginationLimit/);
    const forged = await api('GET', `${path}?pageKey=bm90LWEta2V5`, { key: merchant.owner.apiKey });
    expect(forged.body.message).toBe('pageKey is invalid');

    const payer = await newPayer('100000');
    for (let day = 0; day < 3; day++) {
      await paid(merchant, payer, String(100 * (day + 1)));
      await endDay(merchant.owner.accountId);
      await runSettlements();
    }
    const first = await api('GET', `${path}?paginationLimit=2`, { key: merchant.owner.apiKey });
    expect(first.body.items.map((s: Json) => s.settlementAmount)).toEqual(['300', '200']);
    const second = await api('GET', `${path}?paginationLimit=2&pageKey=${first.body.nextPageKey}`, {
      key: merchant.owner.apiKey,
    });
    expect(second.body.items.map((s: Json) => s.settlementAmount)).toEqual(['100']);
  });
});
