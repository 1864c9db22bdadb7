import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { db } from '../../functions/core/db/client';
import { ledgerEntryKey } from '../../functions/core/db/keys';
import { agePaymentRequest, hoursAgo } from '../support/age';
import { api } from '../support/api';
import { newMerchant, newPayer, nzd, pay, type MerchantSetup, type Payer } from '../support/payments';

type Step =
  | { kind: 'topup'; wallet: number; amount: number }
  | { kind: 'create'; amount: number }
  | { kind: 'pay'; request: number; wallet: number }
  | { kind: 'refund'; request: number; amount: number }
  | { kind: 'void'; request: number }
  | { kind: 'expire'; request: number };

const WALLETS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), wallet: fc.nat(WALLETS - 1), amount: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ kind: fc.constant('create' as const), amount: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ kind: fc.constant('pay' as const), request: fc.nat(5), wallet: fc.nat(WALLETS - 1) }),
  fc.record({ kind: fc.constant('refund' as const), request: fc.nat(5), amount: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ kind: fc.constant('void' as const), request: fc.nat(5) }),
  fc.record({ kind: fc.constant('expire' as const), request: fc.nat(5) }),
);

const SEED = Number(process.env.PROPERTY_SEED ?? 20261122);

describe(`ledger property (seed ${SEED})`, () => {
  let merchant: MerchantSetup;
  beforeAll(async () => {
    merchant = await newMerchant();
  });

  it('keeps every balance ≥ 0, conserves money and balances the ledger after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const payers: Payer[] = [];
        for (let i = 0; i < WALLETS; i++) payers.push(await newPayer('0'));
        const requests: string[] = [];
        const settlementStart = BigInt(await walletBalance(merchant.owner.apiKey, merchant.settlementWalletId));
        let issued = 0n;
        let counter = 0;
        for (const s of steps) {
          const key = `${s.kind}-${counter++}`;
          const pr = 'request' in s ? requests[s.request % Math.max(1, requests.length)] : undefined;
          if (s.kind === 'topup') {
            const res = await api('POST', `/api/wallet-assets/${payers[s.wallet].walletId}/test-topups`, {
              key: payers[s.wallet].apiKey,
              body: { value: nzd(String(s.amount)), idempotencyKey: key },
            });
            expect(res.status).toBe(200);
            issued += BigInt(s.amount);
          } else if (s.kind === 'create') {
            const res = await api('POST', '/api/payment-requests', { key: merchant.owner.apiKey, body: { configId: merchant.configId, value: nzd(String(s.amount)) } });
            expect(res.status).toBe(200);
            requests.push(res.body.id);
          } else if (pr && s.kind === 'pay') {
            expect((await pay(payers[s.wallet], pr, key)).status).not.toBeGreaterThanOrEqual(500);
          } else if (pr && s.kind === 'refund') {
            const res = await api('POST', `/api/payment-requests/${pr}/refund`, { key: merchant.owner.apiKey, body: { value: nzd(String(s.amount)), externalRef: key } });
            expect(res.status).not.toBeGreaterThanOrEqual(500);
          } else if (pr && s.kind === 'void') {
            expect((await api('POST', `/api/payment-requests/${pr}/void`, { key: merchant.owner.apiKey })).status).not.toBeGreaterThanOrEqual(500);
          } else if (pr && s.kind === 'expire') {
            await agePaymentRequest(pr, { expiresAt: hoursAgo(0.001) });
            expect((await api('GET', `/api/payment-requests/${pr}`, { key: merchant.owner.apiKey })).status).toBe(200);
          }
          await checkInvariants(payers, merchant, settlementStart, issued);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6), seed: SEED, endOnFailure: true },
    );
  }, 240_000);
});

async function walletBalance(key: string, assetId: string): Promise<string> {
  const res = await api('GET', `/api/assets/${assetId}`, { key });
  expect(res.status).toBe(200);
  return res.body.balance;
}

/** Every entry of a wallet's history, with the two sides of each transfer read back by key. */
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

async function checkInvariants(payers: Payer[], merchant: MerchantSetup, settlementStart: bigint, issued: bigint): Promise<void> {
  let total = 0n;
  const wallets = [...payers.map((p) => ({ key: p.apiKey, id: p.walletId })), { key: merchant.owner.apiKey, id: merchant.settlementWalletId }];
  for (const [index, wallet] of wallets.entries()) {
    const amount = BigInt(await walletBalance(wallet.key, wallet.id));
    expect(amount).toBeGreaterThanOrEqual(0n);
    total += index === wallets.length - 1 ? amount - settlementStart : amount;
    if (index < payers.length) {
      const entries = await history(wallet.key, wallet.id);
      expect(entries.reduce((sum, e) => sum + BigInt(e.value), 0n)).toBe(amount);
      for (const entry of entries) {
        const [debit, credit] = await Promise.all(
          (['D', 'C'] as const).map((side) => db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: ledgerEntryKey(entry.id, side), ConsistentRead: true }))),
        );
        expect(debit.Item?.amount).toBe(credit.Item?.amount);
        expect(debit.Item?.currency).toBe(credit.Item?.currency);
      }
    }
  }
  // Money only enters these wallets from test issuance, and only moves between them.
  expect(total).toBe(issued);
}
