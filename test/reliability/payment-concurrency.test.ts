import { api } from '../support/api';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

describe('money under concurrency', () => {
  it('20 concurrent pays with different keys: exactly one succeeds, the payer is debited once', async () => {
    const payer = await newPayer('100000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1500') });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(payer, pr.id, `race-${i}`)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('REQUEST_PAID');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('98500');
    const activities = await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey });
    expect(activities.body.items.filter((a: { type: string }) => a.type === 'payment')).toHaveLength(1);
  });

  it('20 concurrent retries with one key: one payment, identical responses', async () => {
    const payer = await newPayer('100000');
    const pr = await newPaymentRequest(merchant, { value: nzd('2500') });
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(payer, pr.id, 'same-key')));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0].body);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('97500');
  });

  it('concurrent refunds never exceed the paid amount', async () => {
    const payer = await newPayer('100000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
    expect((await pay(payer, pr.id, 'refund-me')).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', `/api/payment-requests/${pr.id}/refund`, {
          key: merchant.owner.apiKey,
          body: { value: nzd('300'), externalRef: `r-${i}` },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('INVALID_AMOUNT');
    expect(await balance(payer.apiKey, payer.walletId)).toBe(String(100000 - 1000 + 900));
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body.paidBy.assetTotals[0].total).toEqual(nzd('100'));
  });

  it('a pay racing a cancel leaves one consistent outcome', async () => {
    for (let round = 0; round < 5; round++) {
      const payer = await newPayer('10000');
      const pr = await newPaymentRequest(merchant, { value: nzd('400') });
      const [paid, cancelled] = await Promise.all([
        pay(payer, pr.id, `race-cancel-${round}`),
        api('POST', `/api/payment-requests/${pr.id}/cancel`, { key: merchant.owner.apiKey }),
      ]);
      const final = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
      const payerBalance = await balance(payer.apiKey, payer.walletId);
      if (paid.status === 200) {
        expect(cancelled.body.message).toBe('REQUEST_PAID');
        expect(final.body.status).toBe('paid');
        expect(payerBalance).toBe('9600');
      } else {
        expect(paid.body.message).toBe('REQUEST_CANCELLED');
        expect(cancelled.status).toBe(200);
        expect(final.body.status).toBe('cancelled');
        expect(payerBalance).toBe('10000');
      }
    }
  });
});
