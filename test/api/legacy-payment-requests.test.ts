import { setAssetStatus } from '../../functions/core/ledger/transfers';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { advanceClock, DAY, HOUR } from '../support/clock';
import {
  balance,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

type Params = Record<string, string | number>;
type Via = 'form' | 'query' | 'json';

const REASONS: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' };
const legacyError = (message: string, statusCode: number) => ({ statusCode, error: REASONS[statusCode], message });

/** A legacy POST the way its clients send it: form-encoded body (default), query string or JSON. */
function legacy(operation: string, params: Params, options: { via?: Via; key: string }) {
  const path = `/payments/api/${operation}`;
  const strings = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  switch (options.via ?? 'form') {
    case 'form':
      return api('POST', path, {
        key: options.key,
        rawBody: new URLSearchParams(strings).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    case 'query':
      return api('POST', `${path}?${new URLSearchParams(strings)}`, { key: options.key });
    case 'json':
      return api('POST', path, { key: options.key, body: params });
  }
}

const info = (requestId: string, key: string) =>
  api('GET', `/payments/api/requests.info?requestId=${encodeURIComponent(requestId)}`, { key });

let merchant: MerchantSetup;
let key: string;
beforeAll(async () => {
  merchant = await newMerchant();
  key = merchant.owner.apiKey;
});

async function legacyCreate(params: Params = {}, via: Via = 'form') {
  const res = await legacy(
    'requests.create',
    { amount: '1000', asset: 'NZD', merchantId: merchant.merchantId, ...params },
    { via, key },
  );
  if (res.status !== 200) throw new Error(`legacy create: ${JSON.stringify(res.body)}`);
  return res.body;
}

const legacyPay = (payer: Payer, requestId: string, via: Via = 'form', extra: Params = {}) =>
  legacy(
    'requests.pay',
    { requestId, ledger: 'svc.nzd.test', authorization: payer.walletId, ...extra },
    { via, key: payer.apiKey },
  );

/** Balances of the payer's wallet and of the merchant's settlement wallet, as numbers. */
async function balances(payer: Payer, setup: MerchantSetup = merchant) {
  return {
    payer: Number(await balance(payer.apiKey, payer.walletId)),
    settlement: Number(await balance(setup.owner.apiKey, setup.settlementWalletId)),
  };
}

describe('requests.create', () => {
  it('creates from a form-encoded body: the legacy view, and the same record in the next version', async () => {
    const created = await legacyCreate({
      amount: '1250',
      description: 'Two flat whites',
      externalReference: 'pos-1',
      terminalId: 't-1',
      deviceId: 'd-1',
    });
    expect(created).toMatchObject({
      merchantId: merchant.merchantId,
      merchantName: 'Test Cafe',
      clientId: merchant.configId,
      denomination: { amount: 1250, asset: 'NZD' },
      payments: [{ ledger: 'svc.nzd.test', amount: 1250, account: merchant.owner.accountId, methods: ['qr_code'] }],
      status: 'new',
      liveness: 'test',
      paymentExpirySeconds: '120',
      description: 'Two flat whites',
      externalReference: 'pos-1',
      terminalId: 't-1',
      deviceId: 'd-1',
    });
    expect(created.qrCode).toMatch(new RegExp(`/pay/${created.requestId}$`));
    expect(created.requestCode).toBe(created.qrCode);
    expect(created.paidBy).toBeUndefined();
    expect(await info(created.requestId, key)).toMatchObject({ status: 200, body: created });

    const next = await api('GET', `/api/payment-requests/${created.requestId}`, { key });
    expect(next.body).toMatchObject({
      id: created.requestId,
      shortCode: created.shortCode,
      url: created.qrCode,
      value: nzd('1250'),
      configId: merchant.configId,
      expirySeconds: 120,
      externalRef: 'pos-1',
      terminalId: 't-1',
      status: 'new',
    });
    expect(Date.parse(next.body.expiresAt) - Date.parse(next.body.createdAt)).toBe(120_000);
    expect(next.body.legacy).toBeUndefined();
    const activities = await api('GET', `/api/payment-requests/${created.requestId}/activities`, { key });
    expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['request']);
  });

  it('takes parameters from the query string, JSON numbers, and a clientId with or without mc_', async () => {
    const bare = merchant.configId.replace(/^mc_/, '');
    const byQuery = await legacyCreate({ amount: '300', clientId: bare, paymentExpirySeconds: '300' }, 'query');
    expect(byQuery).toMatchObject({
      denomination: { amount: 300, asset: 'NZD' },
      clientId: bare,
      paymentExpirySeconds: '300',
    });
    const byJson = await legacyCreate({ amount: 700, clientId: merchant.configId, paymentExpirySeconds: 60 }, 'json');
    expect(byJson).toMatchObject({
      denomination: { amount: 700, asset: 'NZD' },
      clientId: merchant.configId,
      paymentExpirySeconds: '60',
    });
    // The body wins over the query string.
    const both = await api(
      'POST',
      `/payments/api/requests.create?amount=111&asset=NZD&merchantId=${merchant.merchantId}`,
      {
        key,
        rawBody: 'amount=222',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(both.body.denomination).toEqual({ amount: 222, asset: 'NZD' });
  });

  it('answers the documented errors', async () => {
    const create = (params: Params, as = key) =>
      legacy(
        'requests.create',
        { amount: '1000', asset: 'NZD', merchantId: merchant.merchantId, ...params },
        { key: as },
      );
    expect((await create({ patronCode: '9990001234567895' })).body).toEqual(legacyError('CHECKSUM_FAILED', 400));
    expect((await create({ patronCode: '9990001234567890' })).body).toEqual(legacyError('PATRON_CODE_INVALID', 403));
    expect((await create({ asset: 'AUD' })).body).toEqual(legacyError('NO_AVAILABLE_PAYMENT_OPTIONS', 403));
    const notFound = legacyError('MERCHANT_CONFIGURATION_NOT_FOUND', 403);
    expect((await create({ merchantId: 'zzNoSuchMerchantzzzzzz' })).body).toEqual(notFound);
    expect((await create({ clientId: 'mc_zzNoSuchConfigzzzzzzzz' })).body).toEqual(notFound);
    const other = await newMerchant();
    expect((await create({ clientId: other.configId })).body).toEqual(notFound);
    const stranger = await newAccount();
    expect((await create({}, stranger.apiKey)).body).toEqual(notFound);
    expect((await create({ merchantId: 'zzNoSuchMerchantzzzzzz' }, stranger.apiKey)).body).toEqual(notFound);
    expect((await legacy('requests.create', { asset: 'NZD', merchantId: merchant.merchantId }, { key })).body).toEqual(
      legacyError('amount is required', 400),
    );
    expect((await create({ amount: '12.50' })).body).toEqual(legacyError('amount has an invalid format', 400));
    expect((await create({ amount: '0' })).body).toEqual(legacyError('amount must be greater than 0', 400));
    expect((await create({ paymentExpirySeconds: '5' })).status).toBe(400);
    // Coerced to an infinity, a number would skip its bounds: refused in every way a legacy client sends it.
    for (const via of ['form', 'query'] as const)
      expect(
        (
          await legacy(
            'requests.create',
            { amount: '1000', asset: 'NZD', merchantId: merchant.merchantId, paymentExpirySeconds: '1e999' },
            { key, via },
          )
        ).body,
      ).toEqual(legacyError('paymentExpirySeconds must be a finite number', 400));
    expect((await create({ notifyUrl: 'ftp://example.com' })).status).toBe(400);
  });
});

describe('one record, both ways', () => {
  it('shows a next-version request in the legacy view and its next-version payment as paidBy', async () => {
    const payer = await newPayer('5000');
    const start = await balances(payer);
    const pr = await newPaymentRequest(merchant, { value: nzd('800'), externalRef: 'next-1' });
    const before = await info(pr.id, key);
    expect(before.body).toMatchObject({
      requestId: pr.id,
      clientId: merchant.configId,
      denomination: { amount: 800, asset: 'NZD' },
      externalReference: 'next-1',
      status: 'new',
      paymentExpirySeconds: '120',
    });
    expect((await pay(payer, pr.id, 'next-pay')).status).toBe(200);
    expect(await balances(payer)).toEqual({ payer: start.payer - 800, settlement: start.settlement + 800 });
    const after = await info(pr.id, key);
    expect(after.body).toMatchObject({ status: 'paid', paidBy: { amount: 800, transactionId: expect.any(String) } });
    // The transaction id is the payment's ledger transaction: legacy refund finds the request by it.
    const refund = await legacy(
      'transactions.refund',
      { transactionId: after.body.paidBy.transactionId, amount: '800' },
      { key },
    );
    expect(refund.body).toMatchObject({ type: 'txRefund', payment: { amount: 800 } });
    expect(await balances(payer)).toEqual(start);
  });

  it('pays a legacy request (form), seen paid by the next version; balances move once', async () => {
    const payer = await newPayer('5000');
    const created = await legacyCreate({ amount: '1250' });
    const start = await balances(payer);
    const paid = await legacyPay(payer, created.requestId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      currencyExchange: { asset: 'NZD', rate: 1 },
      merchant: { id: merchant.merchantId, name: 'Test Cafe' },
      payment: { amount: 1250, asset: 'NZD', message: expect.any(String) },
      status: 'completed',
      type: 'txPurchase',
      version: 1,
    });
    expect(paid.body.settlementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(paid.body.settlementDate).toBe(paid.body.createdAt.slice(0, 10));
    expect(await balances(payer)).toEqual({ payer: start.payer - 1250, settlement: start.settlement + 1250 });

    const viewed = await info(created.requestId, key);
    expect(viewed.body).toMatchObject({ status: 'paid', paidBy: { transactionId: paid.body.reference, amount: 1250 } });
    const next = await api('GET', `/api/payment-requests/${created.requestId}`, { key });
    expect(next.body).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(next.body.paidBy.assetTotals).toEqual([
      expect.objectContaining({ type: 'svc.nzd.test', total: nzd('1250'), payerAccountId: payer.accountId }),
    ]);
    const activities = await api('GET', `/api/payment-requests/${created.requestId}/activities`, { key });
    expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['paid', 'payment', 'request']);

    // No idempotency key in legacy pay: a second pay is refused and moves nothing.
    expect((await legacyPay(payer, created.requestId)).body).toEqual(legacyError('REQUEST_PAID', 403));
    expect((await pay(payer, created.requestId, 'next-after-legacy')).body).toEqual(legacyError('REQUEST_PAID', 403));
    expect(await balances(payer)).toEqual({ payer: start.payer - 1250, settlement: start.settlement + 1250 });
  });

  it('pays with parameters in the query string and in JSON', async () => {
    const payer = await newPayer('5000');
    const start = await balances(payer);
    const a = await legacyCreate({ amount: '100' });
    expect((await legacyPay(payer, a.requestId, 'query')).body).toMatchObject({
      type: 'txPurchase',
      payment: { amount: 100 },
    });
    const b = await legacyCreate({ amount: '200' }, 'json');
    expect((await legacyPay(payer, b.requestId, 'json')).body).toMatchObject({
      type: 'txPurchase',
      payment: { amount: 200 },
    });
    expect(await balances(payer)).toEqual({ payer: start.payer - 300, settlement: start.settlement + 300 });
  });
});

describe('requests.pay errors', () => {
  let payer: Payer;
  beforeAll(async () => {
    payer = await newPayer('5000');
  });

  it('refuses a ledger the request does not offer, a wallet not the payer’s and too little money', async () => {
    const created = await legacyCreate({ amount: '1000' });
    expect((await legacyPay(payer, created.requestId, 'form', { ledger: 'svc.nzd.main' })).body).toEqual(
      legacyError('INVALID_ASSET_TYPE', 403),
    );
    expect((await legacyPay(payer, created.requestId, 'form', { ledger: 'g.crypto.bitcoin.mainnet' })).body).toEqual(
      legacyError('INVALID_ASSET_TYPE', 403),
    );
    const other = await newPayer('5000');
    expect((await legacyPay(payer, created.requestId, 'form', { authorization: other.walletId })).body).toEqual(
      legacyError('INACTIVE_ASSET', 403),
    );
    const poor = await newPayer('10');
    expect((await legacyPay(poor, created.requestId)).body).toEqual(legacyError('INSUFFICIENT_ASSET_VALUE', 403));
    expect(await balance(poor.apiKey, poor.walletId)).toBe('10');
    expect(await balance(other.apiKey, other.walletId)).toBe('5000');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
  });

  it('refuses cancelled, expired, missing and foreign requests', async () => {
    const cancelled = await legacyCreate();
    await legacy('requests.cancel', { requestId: cancelled.requestId }, { key });
    expect((await legacyPay(payer, cancelled.requestId)).body).toEqual(legacyError('REQUEST_CANCELLED', 403));
    const expired = await legacyCreate();
    // Past its two minutes on the merchant's test clock.
    await advanceClock(merchant.owner.accountId, 121);
    expect((await legacyPay(payer, expired.requestId)).body).toEqual(legacyError('REQUEST_EXPIRED', 403));
    expect((await info(expired.requestId, key)).body).toMatchObject({
      status: 'expired',
      cancellationReason: 'PAYMENT_REQUEST_EXPIRED',
    });

    const notFound = legacyError('REQUEST_NOT_FOUND', 400);
    expect((await legacyPay(payer, 'zzNoSuchRequestzzzzzzz')).body).toEqual(notFound);
    expect((await info('zzNoSuchRequestzzzzzzz', key)).body).toEqual(notFound);
    // A merchant terminal holds no assets:spend: it is refused before any request is looked at, so another
    // account's request looks exactly like a missing one.
    const terminal = await newAccount({ role: 'merchant-terminal' });
    const terminalPayer = { ...terminal, walletId: payer.walletId };
    const open = await legacyCreate();
    const foreign = await legacyPay(terminalPayer, open.requestId);
    const missing = await legacyPay(terminalPayer, 'zzNoSuchRequestzzzzzzz');
    expect(foreign.body).toEqual(legacyError('INACTIVE_ASSET', 403));
    expect(foreign.body).toEqual(missing.body);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
  });

  it('refuses a merchant config whose settlement wallet cannot take the money', async () => {
    const closed = await newMerchant();
    const created = await legacy(
      'requests.create',
      { amount: '100', asset: 'NZD', merchantId: closed.merchantId },
      { key: closed.owner.apiKey },
    );
    await setAssetStatus(closed.settlementWalletId, 'archived');
    expect((await legacyPay(payer, created.body.requestId)).body).toEqual(legacyError('INVALID_MERCHANT_CONFIG', 403));
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
  });
});

describe('requests.cancel and requests.void', () => {
  it(
    'cancels an unpaid request with the legacy summary; paid, ' + 'expired, missing and foreign answer in legacy codes',
    async () => {
      const created = await legacyCreate({ description: 'Muffin', externalReference: 'pos-c' });
      const cancelled = await legacy('requests.cancel', { requestId: created.requestId }, { key });
      expect(cancelled.body).toEqual({
        merchantName: 'Test Cafe',
        status: 'cancelled',
        denomination: { amount: 1000, asset: 'NZD' },
        createdAt: created.createdAt,
        updatedAt: expect.any(String),
        externalReference: 'pos-c',
        requestId: created.requestId,
        merchantId: merchant.merchantId,
        description: 'Muffin',
      });
      expect((await api('GET', `/api/payment-requests/${created.requestId}`, { key })).body).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'CANCELLED_BY_MERCHANT',
      });

      const payer = await newPayer('5000');
      const paid = await legacyCreate();
      await legacyPay(payer, paid.requestId);
      expect((await legacy('requests.cancel', { requestId: paid.requestId }, { key })).body).toEqual(
        legacyError('REQUEST_PAID', 404),
      );
      const expired = await legacyCreate();
      // Past its two minutes on the merchant's test clock.
      await advanceClock(merchant.owner.accountId, 121);
      expect((await legacy('requests.cancel', { requestId: expired.requestId }, { key, via: 'query' })).body).toEqual(
        legacyError('REQUEST_EXPIRED', 400),
      );
      const notFound = legacyError('REQUEST_NOT_FOUND', 400);
      expect((await legacy('requests.cancel', { requestId: 'zzNoSuchRequestzzzzzzz' }, { key })).body).toEqual(
        notFound,
      );
      const stranger = await newAccount();
      const open = await legacyCreate();
      expect((await legacy('requests.cancel', { requestId: open.requestId }, { key: stranger.apiKey })).body).toEqual(
        notFound,
      );
      expect((await info(open.requestId, key)).body.status).toBe('new');
    },
  );

  it('voids within 24 hours: an unpaid request is cancelled, a paid one refunded and cancelled', async () => {
    const unpaid = await legacyCreate();
    expect((await legacy('requests.void', { requestId: unpaid.requestId }, { key, via: 'json' })).body).toEqual({
      type: 'voidCancel',
      status: 'success',
      message: expect.any(String),
    });
    expect((await info(unpaid.requestId, key)).body).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'CANCELLED_BY_MERCHANT',
    });

    const payer = await newPayer('5000');
    const start = await balances(payer);
    const paid = await legacyCreate({ amount: '700' });
    await legacyPay(payer, paid.requestId);
    expect(await balances(payer)).toEqual({ payer: start.payer - 700, settlement: start.settlement + 700 });
    expect((await legacy('requests.void', { requestId: paid.requestId }, { key })).body).toEqual({
      type: 'voidRefund',
      status: 'success',
      message: expect.any(String),
    });
    expect(await balances(payer)).toEqual(start);
    expect((await info(paid.requestId, key)).body).toMatchObject({ status: 'cancelled' });
    expect((await legacy('requests.void', { requestId: paid.requestId }, { key })).body).toEqual(
      legacyError('ALREADY_REFUNDED', 400),
    );
    expect(await balances(payer)).toEqual(start);

    const expired = await legacyCreate();
    // Past its two minutes on the merchant's test clock.
    await advanceClock(merchant.owner.accountId, 121);
    expect((await legacy('requests.void', { requestId: expired.requestId }, { key })).body).toEqual(
      legacyError('REQUEST_EXPIRED', 400),
    );
    expect((await legacy('requests.void', { requestId: 'zzNoSuchRequestzzzzzzz' }, { key })).body).toEqual(
      legacyError('REQUEST_NOT_FOUND', 400),
    );
  });

  it('refuses to void a paid request after 24 hours (REQUEST_PAID); refund still works', async () => {
    const payer = await newPayer('5000');
    const start = await balances(payer);
    const paid = await legacyCreate({ amount: '400' });
    const payment = await legacyPay(payer, paid.requestId);
    await advanceClock(merchant.owner.accountId, 25 * HOUR);
    expect((await legacy('requests.void', { requestId: paid.requestId }, { key })).body).toEqual(
      legacyError('REQUEST_PAID', 404),
    );
    expect(await balances(payer)).toEqual({ payer: start.payer - 400, settlement: start.settlement + 400 });
    const refund = await legacy(
      'transactions.refund',
      { transactionId: payment.body.reference, amount: '400' },
      { key },
    );
    expect(refund.body).toMatchObject({ type: 'txRefund', status: 'completed' });
    expect(await balances(payer)).toEqual(start);
  });
});

describe('transactions.refund', () => {
  let payer: Payer;
  beforeAll(async () => {
    payer = await newPayer('100000');
  });

  async function paidRequest(amount: string): Promise<string> {
    const created = await legacyCreate({ amount });
    const paid = await legacyPay(payer, created.requestId);
    if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
    return paid.body.reference;
  }
  const refund = (params: Params, as = key, via: Via = 'form') =>
    legacy('transactions.refund', params, { key: as, via });

  it('without a reference: the first refund succeeds, a later one is ALREADY_REFUNDED', async () => {
    const transactionId = await paidRequest('1000');
    const start = await balances(payer);
    const first = await refund({ transactionId, amount: '300' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      currencyExchange: { asset: 'NZD', rate: 1 },
      merchant: { id: merchant.merchantId, name: 'Test Cafe' },
      payment: { amount: 300, asset: 'NZD' },
      status: 'completed',
      type: 'txRefund',
      version: 1,
    });
    expect(first.body.reference).not.toBe(transactionId);
    expect(await balances(payer)).toEqual({ payer: start.payer + 300, settlement: start.settlement - 300 });
    expect((await refund({ transactionId, amount: '300' })).body).toEqual(legacyError('ALREADY_REFUNDED', 400));
    expect((await refund({ transactionId, amount: '100' }, key, 'query')).body).toEqual(
      legacyError('ALREADY_REFUNDED', 400),
    );
    expect(await balances(payer)).toEqual({ payer: start.payer + 300, settlement: start.settlement - 300 });
  });

  it(
    'with references: a repeat returns the first result, ' + 'another amount is REPEAT_REFERENCE, never more than paid',
    async () => {
      const transactionId = await paidRequest('1000');
      const start = await balances(payer);
      const first = await refund({ transactionId, amount: '300', externalReference: 'r1' }, key, 'json');
      expect(first.body).toMatchObject({ type: 'txRefund', payment: { amount: 300 } });
      expect(await balances(payer)).toEqual({ payer: start.payer + 300, settlement: start.settlement - 300 });
      expect((await refund({ transactionId, amount: '300', externalReference: 'r1' })).body).toEqual(first.body);
      expect(await balances(payer)).toEqual({ payer: start.payer + 300, settlement: start.settlement - 300 });
      expect((await refund({ transactionId, amount: '301', externalReference: 'r1' })).body).toEqual(
        legacyError('REPEAT_REFERENCE', 400),
      );
      expect((await refund({ transactionId, amount: '701', externalReference: 'r2' })).body).toEqual(
        legacyError('INVALID_AMOUNT', 400),
      );
      expect(await balances(payer)).toEqual({ payer: start.payer + 300, settlement: start.settlement - 300 });
      expect((await refund({ transactionId, amount: '700', externalReference: 'r2' }, key, 'query')).status).toBe(200);
      expect(await balances(payer)).toEqual({ payer: start.payer + 1000, settlement: start.settlement - 1000 });
      expect((await refund({ transactionId, amount: '1', externalReference: 'r3' })).body).toEqual(
        legacyError('ALREADY_REFUNDED', 400),
      );
    },
  );

  it('refuses unknown and foreign transactions alike, and a confirmed pre-auth (REFUND_NOT_SUPPORTED)', async () => {
    const transactionId = await paidRequest('500');
    const stranger: TestAccount = await newAccount();
    const foreign = await refund({ transactionId, amount: '100' }, stranger.apiKey);
    const missing = await refund({ transactionId: 'zzNoSuchTransactionzzz', amount: '100' }, stranger.apiKey);
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(missing.body).toEqual(FORBIDDEN);

    const preAuth = await newPaymentRequest(merchant, { value: nzd('5000'), preAuth: true });
    const authorised = await legacyPay(payer, preAuth.id);
    expect(authorised.status).toBe(200);
    const confirmed = await api('POST', `/api/payment-requests/${preAuth.id}/confirm`, {
      key,
      body: { idempotencyKey: 'c1', invoiceRef: 'inv-c1', lineItems: [{ name: 'fuel', qty: '1', price: '1200' }] },
    });
    expect(confirmed.status).toBe(200);
    const start = await balances(payer);
    expect((await refund({ transactionId: authorised.body.reference, amount: '100' })).body).toEqual(
      legacyError('REFUND_NOT_SUPPORTED', 403),
    );
    expect(await balances(payer)).toEqual(start);
  });
});

describe('transactions.refund refusals that move no money', () => {
  const disable = (assetId: string) => setAssetStatus(assetId, 'archived');

  it(
    'past the refund window (REFUND_WINDOW_EXCEEDED), from a disabled settlement wallet (REFUND_DECLINED), to a ' +
      'disabled payer wallet (INACTIVE_ASSET)',
    async () => {
      const own = await newMerchant();
      const payer = await newPayer('10000');
      const paidRequest = async () => {
        const created = await legacy(
          'requests.create',
          { amount: '1000', asset: 'NZD', merchantId: own.merchantId },
          { key: own.owner.apiKey },
        );
        const paid = await legacyPay(payer, created.body.requestId);
        expect(paid.status).toBe(200);
        return { requestId: created.body.requestId as string, transactionId: paid.body.reference as string };
      };
      const refund = (transactionId: string) =>
        legacy('transactions.refund', { transactionId, amount: '100' }, { key: own.owner.apiKey });

      const late = await paidRequest();
      // The window counts from the payment: the merchant's test clock moves 91 days on (requests paid after it are in
      // time).
      await advanceClock(own.owner.accountId, 91 * DAY);
      const toInactivePayer = await paidRequest();
      const fromDisabledSettlement = await paidRequest();
      const start = await balances(payer, own);
      expect((await refund(late.transactionId)).body).toEqual(legacyError('REFUND_WINDOW_EXCEEDED', 403));

      await disable(payer.walletId);
      expect((await refund(toInactivePayer.transactionId)).body).toEqual(legacyError('INACTIVE_ASSET', 403));
      await disable(own.settlementWalletId);
      expect((await refund(fromDisabledSettlement.transactionId)).body).toEqual(legacyError('REFUND_DECLINED', 403));
      expect(await balances(payer, own)).toEqual(start);
    },
  );
});

describe('legacy webhooks', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  /** Waits until the receiver got verified legacy webhooks of these types for a request; returns all it got for it. */
  async function waitFor(requestId: string, types: string[], timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = receiver.received.filter(
        (r) => (r.claims?.transaction as { request?: { requestId?: string } })?.request?.requestId === requestId,
      );
      const seen = got.map((r) => (r.claims!.transaction as { transactionType: string }).transactionType);
      if (types.every((t) => seen.includes(t))) return got;
      if (Date.now() > deadline)
        throw new Error(`webhooks for ${requestId}: saw ${JSON.stringify(seen)}, wanted ${JSON.stringify(types)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('sends PURCHASE and REFUND as signed tokens to notifyUrl', async () => {
    const payer = await newPayer('5000');
    const created = await legacyCreate({ amount: '900', externalReference: 'hook-1', notifyUrl: receiver.url });
    const paid = await legacyPay(payer, created.requestId);
    const refunded = await legacy(
      'transactions.refund',
      { transactionId: paid.body.reference, amount: '400' },
      { key },
    );
    expect(refunded.status).toBe(200);
    const got = await waitFor(created.requestId, ['PURCHASE', 'REFUND']);
    for (const hook of got) {
      expect(hook.verifyError).toBeUndefined();
      expect(Object.keys(hook.body)).toEqual(['token']);
    }
    const byType = (t: string) =>
      got.find((r) => (r.claims!.transaction as { transactionType: string }).transactionType === t)!.claims!
        .transaction;
    const request = {
      requestId: created.requestId,
      merchantId: merchant.merchantId,
      externalReference: 'hook-1',
      denomination: { asset: 'NZD', amount: 900 },
    };
    expect(byType('PURCHASE')).toEqual({
      transactionId: paid.body.reference,
      transactionType: 'PURCHASE',
      ledger: 'svc.nzd.test',
      state: 'completed',
      amount: 900,
      request,
      createdAt: paid.body.createdAt,
      updatedAt: paid.body.createdAt,
      type: 'SVC_NZD_TEST',
      authCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(byType('REFUND')).toMatchObject({
      transactionId: refunded.body.reference,
      transactionType: 'REFUND',
      amount: 400,
      state: 'completed',
      request,
    });
  }, 40_000);

  it('sends CANCELLED on cancel, REFUND only on void of a paid request, EXPIRED on expiry', async () => {
    const cancelled = await legacyCreate({ notifyUrl: receiver.url });
    await legacy('requests.cancel', { requestId: cancelled.requestId }, { key });
    const [cancel] = await waitFor(cancelled.requestId, ['CANCELLED']);
    expect(cancel.verifyError).toBeUndefined();
    expect(cancel.claims!.transaction).toEqual({
      transactionType: 'CANCELLED',
      request: {
        requestId: cancelled.requestId,
        merchantId: merchant.merchantId,
        clientId: merchant.configId,
        denomination: { amount: 1000, asset: 'NZD' },
      },
    });

    const payer = await newPayer('5000');
    const voided = await legacyCreate({ notifyUrl: receiver.url });
    await legacyPay(payer, voided.requestId);
    await legacy('requests.void', { requestId: voided.requestId }, { key });
    const voidHooks = await waitFor(voided.requestId, ['PURCHASE', 'REFUND']);

    const expiring = await legacyCreate({ notifyUrl: receiver.url, paymentExpirySeconds: '10' });
    // The merchant's test clock passes the due time: the expiry timer runs at once.
    await advanceClock(merchant.owner.accountId, 11);
    const [expired] = await waitFor(expiring.requestId, ['EXPIRED']);
    expect(expired.verifyError).toBeUndefined();
    expect(expired.claims!.transaction).toMatchObject({
      transactionType: 'EXPIRED',
      request: { requestId: expiring.requestId },
    });
    const types = (await waitFor(voided.requestId, [])).map(
      (r) => (r.claims!.transaction as { transactionType: string }).transactionType,
    );
    expect(types.sort()).toEqual(['PURCHASE', 'REFUND']);
    expect(voidHooks.every((r) => r.verifyError === undefined)).toBe(true);
  }, 60_000);
});
