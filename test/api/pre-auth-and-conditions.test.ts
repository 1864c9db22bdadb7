import { api, newAccount } from '../support/api';
import { written } from '../support/value';
import { advanceClock, DAY } from '../support/clock';
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

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

const post = (path: string, body?: unknown) =>
  api('POST', path, { key: merchant.owner.apiKey, ...(body ? { body } : {}) });
const confirm = (id: string, idempotencyKey: string, amount: string) =>
  post(`/api/payment-requests/${id}/confirm`, {
    idempotencyKey,
    invoiceRef: `inv-${idempotencyKey}`,
    lineItems: [{ name: 'fuel', qty: '1', price: amount }],
  });

describe('pre-auth', () => {
  it('authorises, confirms draw-downs, then releases the rest to the patron', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('5000'), preAuth: true });
    expect(pr.preAuth).toBe(true);
    expect((await confirm(pr.id, 'early', '100')).body.message).toBe('PRE_AUTH_PENDING');
    const settlementBefore = BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId));

    expect((await pay(payer, pr.id, 'auth')).status).toBe(200);
    // Authorised funds stay in the patron's balance, reserved: only the available balance falls.
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '5000' });
    const authorised = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(authorised.body).toMatchObject({ status: 'paid', preAuthStatus: 'authorized' });

    const first = await confirm(pr.id, 'c1', '1200');
    expect(first.body).toMatchObject({ type: 'confirmation', value: nzd('1200'), idempotencyKey: 'c1', preAuth: true });
    expect((await confirm(pr.id, 'c1', '1200')).body).toEqual(first.body);
    expect((await confirm(pr.id, 'c1', '999')).body.message).toBe('IDEMPOTENT_OPERATION_FAILED');
    expect((await confirm(pr.id, 'c2', '3801')).body.message).toBe('INVALID_AMOUNT');
    expect((await confirm(pr.id, 'c2', '800')).status).toBe(200);
    expect(BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId)) - settlementBefore).toBe(2000n);
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '8000', available: '5000' });

    expect((await post(`/api/payment-requests/${pr.id}/void`)).body.message).toBe('PRE_AUTH_ALREADY_CONFIRMED');
    const released = await post(`/api/payment-requests/${pr.id}/release`);
    expect(released.body).toMatchObject({ type: 'release', value: nzd('3000'), preAuth: true });
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '8000', available: '8000' });
    expect((await post(`/api/payment-requests/${pr.id}/release`)).body.message).toBe('PRE_AUTH_RELEASED');
    expect((await confirm(pr.id, 'c3', '1')).body.message).toBe('PRE_AUTH_RELEASED');

    // Confirmed funds are refundable like payments.
    const refund = await post(`/api/payment-requests/${pr.id}/refund`, {
      value: nzd('500'),
      externalRef: 'pre-auth-refund',
    });
    expect(refund.status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('8500');
    const types = (
      await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey })
    ).body.items.map((a: { type: string }) => a.type);
    expect(types).toEqual([
      'refund',
      'release',
      'confirmation',
      'confirmation',
      'authorization',
      'payment',
      'preAuthRequest',
    ]);
  });

  it('voids an unconfirmed authorisation, returning the hold; lapsed authorisations release themselves', async () => {
    const payer = await newPayer('10000');
    const voided = await newPaymentRequest(merchant, { value: nzd('700'), preAuth: true });
    await pay(payer, voided.id, 'v');
    expect((await post(`/api/payment-requests/${voided.id}/void`)).body).toMatchObject({ type: 'cancellation' });
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '10000' });

    // Lapses on its merchant's test clock (a merchant of its own: the clock is per account).
    const lapsingMerchant = await newMerchant();
    const lapsing = await newPaymentRequest(lapsingMerchant, { value: nzd('900'), preAuth: true });
    await pay(payer, lapsing.id, 'l');
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '9100' });
    await advanceClock(lapsingMerchant.owner.accountId, 90 * DAY + 60);
    const read = await api('GET', `/api/payment-requests/${lapsing.id}`, { key: lapsingMerchant.owner.apiKey });
    expect(read.body.preAuthStatus).toBe('released');
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '10000' });
  });

  it(
    'refuses an authorisation larger than the available ' + 'balance (though not the balance) and reserves nothing',
    async () => {
      const payer = await newPayer('10000');
      const held = await newPaymentRequest(merchant, { value: nzd('7000'), preAuth: true });
      expect((await pay(payer, held.id, 'hold')).status).toBe(200);
      const pr = await newPaymentRequest(merchant, { value: nzd('5000'), preAuth: true });
      const res = await pay(payer, pr.id, 'too-much');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('INSUFFICIENT_ASSET_VALUE');
      expect(written(res)).toEqual([]);
      expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '3000' });
      expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe(
        'new',
      );
      // What is available still authorises.
      const fits = await newPaymentRequest(merchant, { value: nzd('3000'), preAuth: true });
      expect((await pay(payer, fits.id, 'fits')).status).toBe(200);
      expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '10000', available: '0' });
    },
  );

  it('refuses pre-auth operations on plain requests', async () => {
    const pr = await newPaymentRequest(merchant);
    expect((await confirm(pr.id, 'x', '10')).body.message).toBe('INVALID_PAYMENT_REQUEST_TYPE');
    expect((await post(`/api/payment-requests/${pr.id}/release`)).body.message).toBe('INVALID_PAYMENT_REQUEST_TYPE');
  });
});

describe('payment conditions', () => {
  async function conditional(conditionsEnabled: boolean) {
    const patron = await newAccount();
    const code = (
      await api('POST', '/api/patron-codes', {
        key: patron.apiKey,
        body: { testScenarioName: 'force-condition-check-photo-id' },
      })
    ).body;
    return newPaymentRequest(merchant, { barcode: code.barcode, conditionsEnabled });
  }

  it('blocks payment until the merchant accepts the photo-id check', async () => {
    const payer = await newPayer('5000');
    const pr = await conditional(true);
    expect((await pay(payer, pr.id, 'too-soon')).body.message).toBe('PAYMENT_DECLINED');
    const accepted = await post(`/api/payment-requests/${pr.id}/conditions/1/accept`);
    expect(accepted.body).toMatchObject({ type: 'accept-condition', conditionId: 1 });
    expect((await post(`/api/payment-requests/${pr.id}/conditions/1/accept`)).body.message).toBe(
      'CONDITION_ALREADY_SET',
    );
    expect((await pay(payer, pr.id, 'now')).status).toBe(200);
  });

  it('cancels on decline, and at once when conditions are not enabled', async () => {
    const pr = await conditional(true);
    expect((await post(`/api/payment-requests/${pr.id}/conditions/1/decline`)).body.type).toBe('decline-condition');
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body).toMatchObject({ status: 'cancelled', cancellationReason: 'DECLINED_BY_MERCHANT' });
    const refused = await conditional(false);
    expect(refused).toMatchObject({ status: 'cancelled', cancellationReason: 'PAYMENT_DECLINED' });
    expect((await post(`/api/payment-requests/${pr.id}/conditions/9/accept`)).status).toBe(403);
  });
});
