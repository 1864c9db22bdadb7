import { onDynamoDbClient } from '../../functions/core/db/client';
import { startGateway, type Gateway } from '../../bin/local/gateway';
import { faultInjector } from '../support/fault-injector';
import { api } from '../support/api';
import {
  balance,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  type MerchantSetup,
  type Payer,
} from '../support/payments';

/**
 * The platform's handlers run in this worker behind their own gateway, over DynamoDB clients with
 * injected faults; clients retry every 5xx with the same idempotency key, as integrators must.
 * FAULT_SEEDS="1,2,3" picks the seeds (npm run test:faults runs many more).
 */
const SEEDS = (process.env.FAULT_SEEDS ?? '11,22,33').split(',').map(Number);
const RATE = Number(process.env.FAULT_RATE ?? 0.2);

const injector = faultInjector();
// Registered before this worker's handlers create their DynamoDB clients.
onDynamoDbClient(injector.hook);

// Injected faults make handlers log every 5xx; the assertions below are what matters here.
jest.spyOn(console, 'error').mockImplementation(() => undefined);

let gateway: Gateway;
let merchant: MerchantSetup;

beforeAll(async () => {
  merchant = await newMerchant();
});
afterAll(async () => gateway?.stop());

async function retrying(base: string, method: string, path: string, key: string, body: unknown) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status < 500) return { status: res.status, body: (await res.json()) as { message?: string } };
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${path} kept failing`);
}

describe.each(SEEDS)('faults with seed %i', (seed) => {
  it('never double-spends, loses or creates money while clients retry', async () => {
    gateway ??= await startGateway({ port: 0 });
    const payers: Payer[] = [];
    for (let i = 0; i < 3; i++) payers.push(await newPayer('0'));
    const requests = [];
    for (let i = 0; i < 6; i++) requests.push(await newPaymentRequest(merchant, { value: nzd(String(100 + i)) }));
    const settlementBefore = BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId));
    injector.reset(seed, RATE);

    // Fund through the faulty platform, then everyone tries to pay every request.
    for (const [i, payer] of payers.entries()) {
      const res = await retrying(
        gateway.url,
        'POST',
        `/api/wallet-assets/${payer.walletId}/test-topups`,
        payer.apiKey,
        { value: nzd('1000'), idempotencyKey: `fund-${seed}-${i}` },
      );
      expect(res.status).toBe(200);
    }
    const outcomes = await Promise.all(
      requests.flatMap((pr) =>
        payers.map((payer, p) =>
          retrying(gateway.url, 'POST', `/api/payment-requests/${pr.id}/pay`, payer.apiKey, {
            assetType: 'svc.nzd.test',
            assetId: payer.walletId,
            idempotencyKey: `pay-${seed}-${pr.id}-${p}`,
          }).then((res) => ({ pr, payer, res })),
        ),
      ),
    );
    injector.disable();
    console.log(
      `seed ${seed}: ${injector.stats.calls} DynamoDB calls, injected ${JSON.stringify(injector.stats.injected)}`,
    );

    let paidTotal = 0n;
    for (const pr of requests) {
      const winners = outcomes.filter((o) => o.pr.id === pr.id && o.res.status === 200);
      expect(winners).toHaveLength(1);
      for (const loser of outcomes.filter((o) => o.pr.id === pr.id && o.res.status !== 200))
        expect(loser.res.body.message).toBe('REQUEST_PAID');
      const final = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
      expect(final.body.status).toBe('paid');
      expect(final.body.paidBy.assetTotals[0].payerAccountId).toBe(winners[0].payer.accountId);
      paidTotal += BigInt(pr.value.amount);
    }
    let payerTotal = 0n;
    for (const payer of payers) {
      const spent = outcomes
        .filter((o) => o.payer === payer && o.res.status === 200)
        .reduce((sum, o) => sum + BigInt(o.pr.value.amount), 0n);
      const now = BigInt(await balance(payer.apiKey, payer.walletId));
      expect(now).toBeGreaterThanOrEqual(0n);
      expect(now).toBe(1000n - spent);
      payerTotal += now;
    }
    const settlementAfter = BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId));
    expect(settlementAfter - settlementBefore).toBe(paidTotal);
    expect(payerTotal + paidTotal).toBe(3000n);
    expect(Object.values(injector.stats.injected).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  }, 120_000);
});
