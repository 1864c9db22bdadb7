import { api, newAccount } from '../support/api';
import { advanceClock } from '../support/clock';
import { lineItem, newTokenRequest, payWithToken, tokenShop } from '../support/token-payments';
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

describe('a refund reference is scoped to its request', () => {
  // Known defect, not fixed yet: a refund's idempotency scope is the calling account, not the request.
  it.failing('the same externalRef and amount from another account that may refund the request refunds once', async () => {
    // A platform account and the merchant account it created may both refund the merchant's requests.
    const platform = await newAccount();
    const child = await api('POST', '/api/accounts', {
      key: platform.apiKey,
      body: { name: 'Shop', type: 'org', region: 'NZ', test: true },
    });
    expect(child.status).toBe(200);
    const childKey = await api('POST', `/api/accounts/${child.body.id}/api-keys`, {
      key: platform.apiKey,
      body: { name: 'shop-key', role: 'account-owner' },
    });
    expect(childKey.status).toBe(200);
    const merchant = await newMerchant({ owner: { accountId: child.body.id, apiKey: childKey.body.secret } });
    const payer = await newPayer('1000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
    expect((await pay(payer, pr.id, 'paid')).status).toBe(200);

    const refund = (key: string) =>
      api('POST', `/api/payment-requests/${pr.id}/refund`, {
        key,
        body: { value: nzd('300'), externalRef: 'invoice-77' },
      });
    const first = await refund(merchant.owner.apiKey);
    expect(first.status).toBe(200);
    const second = await refund(platform.apiKey);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('300');
  });
});

describe('tokens and line items', () => {
  it('a line item of quantity 1 is bought by one token only: a second token does not pay it again', async () => {
    const shop = await tokenShop();
    const patron = await newPayer('5000');
    const request = await newTokenRequest(shop.merchant, [lineItem('cake', '600'), lineItem('milk', '400')]);
    const first = await shop.token(patron);
    expect((await payWithToken(patron, request.id, first.id)).body).toMatchObject({
      value: nzd('600'),
      lineItems: [lineItem('cake', '600')],
    });
    // Milk is not a product the tokens may buy, and the one cake is paid: a second token has nothing to buy here.
    const second = await shop.token(patron);
    const again = await payWithToken(patron, request.id, second.id);
    expect(again.body.message).toBe('ASSET_REDEMPTION_DENIED');
  });
});
