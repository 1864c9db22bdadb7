import { UpdateCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { assetKey } from '../../functions/core/db/keys';
import { HOT_ASSET_SHARDS, readBalanceItems, setAssetStatus } from '../../functions/core/ledger/transfers';
import { api } from '../support/api';
import {
  balance,
  balances,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
} from '../support/payments';

/**
 * The transfer and idempotency engines seen through the API: bounded requests whose refunds and
 * voids always fit, one code per broken rule, replays that say so, keys that cannot be reused for
 * another command, and hot settlement wallets whose credits spread over shards.
 */
const code = (message: string) => ({ statusCode: 403, error: 'Forbidden', message });

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

const post = (path: string, body?: unknown) =>
  api('POST', path, { key: merchant.owner.apiKey, ...(body ? { body } : {}) });

async function paidInFifty(): Promise<{ id: string; payer: Awaited<ReturnType<typeof newPayer>> }> {
  const payer = await newPayer('10000');
  const pr = await newPaymentRequest(merchant, { value: nzd('5000') });
  for (let i = 0; i < 50; i++) {
    const res = await pay(payer, pr.id, `part-${i}`, { mode: 'multi-asset-payment', amount: '100' });
    expect(res.status).toBe(200);
  }
  expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe('paid');
  return { id: pr.id, payer };
}

describe('bounded payment requests', () => {
  it('a request paid in 50 multi-asset payments is fully refunded in one call', async () => {
    const { id, payer } = await paidInFifty();
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
    const refund = await post(`/api/payment-requests/${id}/refund`, { value: nzd('5000'), externalRef: 'all-of-it' });
    expect(refund.status).toBe(200);
    expect(refund.body.strategy.refunds).toHaveLength(50);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('10000');
  }, 60_000);

  it('a request paid in 50 multi-asset payments is voided in one call', async () => {
    const { id, payer } = await paidInFifty();
    const voided = await post(`/api/payment-requests/${id}/void`);
    expect(voided.status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('10000');
    expect((await api('GET', `/api/payment-requests/${id}`, { key: merchant.owner.apiKey })).body.status).toBe(
      'cancelled',
    );
  }, 60_000);

  it('refuses a 51st payment and a 9th paying asset (PAYMENT_LIMIT_EXCEEDED)', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('6000') });
    for (let i = 0; i < 50; i++)
      expect((await pay(payer, pr.id, `p-${i}`, { mode: 'multi-asset-payment', amount: '10' })).status).toBe(200);
    expect((await pay(payer, pr.id, 'p-50', { mode: 'multi-asset-payment', amount: '10' })).body).toEqual(
      code('PAYMENT_LIMIT_EXCEEDED'),
    );

    const many = await newPaymentRequest(merchant, { value: nzd('1000') });
    for (let i = 0; i < 8; i++)
      expect(
        (await pay(await newPayer('100'), many.id, 'a', { mode: 'multi-asset-payment', amount: '10' })).status,
      ).toBe(200);
    const ninth = await newPayer('100');
    expect((await pay(ninth, many.id, 'a', { mode: 'multi-asset-payment', amount: '10' })).body).toEqual(
      code('PAYMENT_LIMIT_EXCEEDED'),
    );
    expect(await balance(ninth.apiKey, ninth.walletId)).toBe('100');
  }, 60_000);
});

describe('one code per broken rule, read from the item that broke it', () => {
  it('a currency mismatch, an inactive asset and an insufficient balance each answer their own code', async () => {
    const mismatched = await newPayer('5000');
    // Only the stored currency differs from the request's: the asset type still matches, so the engine's condition
    // decides.
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: assetKey(mismatched.walletId),
        UpdateExpression: 'SET currency = :c',
        ExpressionAttributeValues: { ':c': 'AUD' },
      }),
    );
    expect((await pay(mismatched, (await newPaymentRequest(merchant)).id, 'k')).body).toEqual(
      code('INVALID_ASSET_TYPE'),
    );

    const inactive = await newPayer('5000');
    await setAssetStatus(inactive.walletId, 'archived');
    expect((await pay(inactive, (await newPaymentRequest(merchant)).id, 'k')).body).toEqual(code('INACTIVE_ASSET'));

    const poor = await newPayer('999');
    expect((await pay(poor, (await newPaymentRequest(merchant)).id, 'k')).body).toEqual(
      code('INSUFFICIENT_ASSET_VALUE'),
    );

    for (const payer of [mismatched, inactive, poor])
      expect(Number(await balance(payer.apiKey, payer.walletId))).toBeGreaterThan(0);
    expect(await balance(poor.apiKey, poor.walletId)).toBe('999');
  });
});

describe('idempotency: one scope rule for every money command', () => {
  it('a replay answers the first response with Idempotent-Replayed: true and moves nothing again', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant);
    const first = await pay(payer, pr.id, 'once');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await pay(payer, pr.id, 'once');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const refund = () => post(`/api/payment-requests/${pr.id}/refund`, { value: nzd('100'), externalRef: 'r1' });
    const refunded = await refund();
    expect((await refund()).headers.get('idempotent-replayed')).toBe('true');
    expect((await refund()).body).toEqual(refunded.body);

    const topup = () =>
      api('POST', `/api/wallet-assets/${payer.walletId}/test-topups`, {
        key: payer.apiKey,
        body: { value: nzd('50'), idempotencyKey: 't1' },
      });
    expect((await topup()).headers.get('idempotent-replayed')).toBeNull();
    expect((await topup()).headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(payer.apiKey, payer.walletId)).toBe(String(10000 - 1000 + 100 + 50));
  });

  it(
    'void and release take an optional Idempotency-Key header: with it a retry replays, without it the state ' +
      'answers',
    async () => {
      const payer = await newPayer('10000');
      const keyed = (path: string, key: string) =>
        api('POST', path, { key: merchant.owner.apiKey, headers: { 'idempotency-key': key } });
      const voidable = await newPaymentRequest(merchant);
      expect((await pay(payer, voidable.id, 'v')).status).toBe(200);
      const voided = await keyed(`/api/payment-requests/${voidable.id}/void`, 'void-1');
      expect(voided.status).toBe(200);
      const again = await keyed(`/api/payment-requests/${voidable.id}/void`, 'void-1');
      expect([again.body, again.headers.get('idempotent-replayed')]).toEqual([voided.body, 'true']);
      expect((await post(`/api/payment-requests/${voidable.id}/void`)).body).toEqual(code('ALREADY_REFUNDED'));

      const preAuth = await newPaymentRequest(merchant, { value: nzd('700'), preAuth: true });
      expect((await pay(payer, preAuth.id, 'p')).status).toBe(200);
      const released = await keyed(`/api/payment-requests/${preAuth.id}/release`, 'rel-1');
      expect(released.status).toBe(200);
      expect((await keyed(`/api/payment-requests/${preAuth.id}/release`, 'rel-1')).body).toEqual(released.body);
      expect((await post(`/api/payment-requests/${preAuth.id}/release`)).body).toEqual(code('PRE_AUTH_RELEASED'));
      expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '10000' });
    },
  );

  it('the same key with another command is refused for pay, refund, confirm and top-up alike', async () => {
    const payer = await newPayer('10000');
    const a = await newPaymentRequest(merchant);
    const b = await newPaymentRequest(merchant);
    expect((await pay(payer, a.id, 'shared')).status).toBe(200);
    expect((await pay(payer, b.id, 'shared')).body).toEqual(code('IDEMPOTENT_OPERATION_FAILED'));

    expect((await post(`/api/payment-requests/${a.id}/refund`, { value: nzd('100'), externalRef: 'ref' })).status).toBe(
      200,
    );
    expect(
      (await post(`/api/payment-requests/${a.id}/refund`, { value: nzd('200'), externalRef: 'ref' })).body,
    ).toEqual(code('REPEAT_REFERENCE'));

    const preAuth = await newPaymentRequest(merchant, { value: nzd('3000'), preAuth: true });
    expect((await pay(payer, preAuth.id, 'auth')).status).toBe(200);
    const confirm = (price: string) =>
      post(`/api/payment-requests/${preAuth.id}/confirm`, {
        idempotencyKey: 'c',
        invoiceRef: 'inv',
        lineItems: [{ name: 'fuel', qty: '1', price }],
      });
    expect((await confirm('500')).status).toBe(200);
    expect((await confirm('600')).body).toEqual(code('IDEMPOTENT_OPERATION_FAILED'));

    const topup = (amount: string) =>
      api('POST', `/api/wallet-assets/${payer.walletId}/test-topups`, {
        key: payer.apiKey,
        body: { value: nzd(amount), idempotencyKey: 'tk' },
      });
    expect((await topup('10')).status).toBe(200);
    expect((await topup('11')).body).toEqual(code('IDEMPOTENT_OPERATION_FAILED'));
    // Only the first of each pair moved money: 1000 paid, 100 refunded, 3000 reserved, 10 topped up.
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({
      balance: String(10000 - 1000 + 100 - 500 + 10),
      available: String(10000 - 1000 + 100 - 3000 + 10),
    });
  });
});

describe('hot settlement wallets', () => {
  it('credits of concurrent pays to one merchant spread ' +
    'over the shards, and the balance is their exact sum', async () => {
    const hot = await newMerchant();
    const payers = await Promise.all(Array.from({ length: 24 }, () => newPayer('1000')));
    const requests = await Promise.all(payers.map(() => newPaymentRequest(hot, { value: nzd('37') })));
    const results = await Promise.all(payers.map((payer, i) => pay(payer, requests[i].id, 'hot')));
    expect(results.map((r) => r.status)).toEqual(payers.map(() => 200));
    const { items } = await readBalanceItems(hot.settlementWalletId);
    const shards = items.filter((i) => i.key.SK.startsWith('SHARD#'));
    expect(shards).toHaveLength(HOT_ASSET_SHARDS);
    expect(shards.filter((s) => s.balance > 0n).length).toBeGreaterThan(1);
    expect(shards.reduce((sum, s) => sum + s.balance, 0n)).toBe(24n * 37n);
    expect(await balance(hot.owner.apiKey, hot.settlementWalletId)).toBe(String(24 * 37));

    // Every payment refunded at once: each refund debits shards it planned from a read that the others
    // change, and a shard taken first re-plans instead of declining a refund the wallet can pay.
    const refunds = await Promise.all(
      requests.map((request, i) =>
        api('POST', `/api/payment-requests/${request.id}/refund`, {
          key: hot.owner.apiKey,
          body: { value: nzd('37'), externalRef: `back-${i}` },
        }),
      ),
    );
    expect(refunds.map((r) => [r.status, r.body.message])).toEqual(requests.map(() => [200, undefined]));
    expect(await balance(hot.owner.apiKey, hot.settlementWalletId)).toBe('0');
  }, 60_000);
});
