import { api } from '../support/api';
import { advanceClock } from '../support/clock';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';

/**
 * Money paid towards a request that never became `paid` (multi-asset payments short of its value) must not stay
 * with the merchant once the request ends without it: neither refund nor void takes a cancelled or expired request,
 * so a merchant cancel and the expiry give it back to the payer, in the transaction that ends the request.
 */
const activityTypes = async (key: string, id: string) =>
  (await api('GET', `/api/payment-requests/${id}/activities`, { key })).body.items.map((a: { type: string }) => a.type);

describe('a request ended with part of it paid', () => {
  it('a merchant cancel gives the part paid back to the payer', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('1000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
    expect((await pay(payer, pr.id, 'part-1', { mode: 'multi-asset-payment', amount: '400' })).status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('600');

    const cancel = await api('POST', `/api/payment-requests/${pr.id}/cancel`, { key: merchant.owner.apiKey });
    expect([cancel.status, cancel.body.type]).toEqual([200, 'cancellation']);
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body.status).toBe('cancelled');
    expect({
      payer: await balance(payer.apiKey, payer.walletId),
      settlement: await balance(merchant.owner.apiKey, merchant.settlementWalletId),
    }).toEqual({ payer: '1000', settlement: '0' });
    expect(await activityTypes(merchant.owner.apiKey, pr.id)).toEqual(
      expect.arrayContaining(['request', 'payment', 'refund', 'cancellation']),
    );
  });

  it('expiry gives the part paid back to the payer', async () => {
    const merchant = await newMerchant();
    const payer = await newPayer('1000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000'), expirySeconds: 120 });
    expect((await pay(payer, pr.id, 'part-1', { mode: 'multi-asset-payment', amount: '400' })).status).toBe(200);
    await advanceClock(merchant.owner.accountId, 200);
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body.status).toBe('expired');
    expect({
      payer: await balance(payer.apiKey, payer.walletId),
      settlement: await balance(merchant.owner.apiKey, merchant.settlementWalletId),
    }).toEqual({ payer: '1000', settlement: '0' });
    expect(await activityTypes(merchant.owner.apiKey, pr.id)).toEqual(
      expect.arrayContaining(['request', 'payment', 'refund', 'expiry']),
    );
    // Given back once: neither a refund nor a void of the expired request moves anything more.
    const refund = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('400'), externalRef: 'r1' },
    });
    const voided = await api('POST', `/api/payment-requests/${pr.id}/void`, { key: merchant.owner.apiKey });
    expect([refund.status, voided.status]).toEqual([403, 403]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('1000');
  });
});
