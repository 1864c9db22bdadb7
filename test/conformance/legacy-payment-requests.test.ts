/**
 * Docs page "Legacy Payment Requests" (deprecated): src/content/api/legacy-payment-requests.mdoc
 * and its example exchanges. The examples send their parameters in the query string; so do these.
 */
import { setAssetStatus } from '../../functions/core/ledger/transfers';
import { luhnCheckDigit } from '../../functions/patron-codes/barcode';
import { api } from '../support/api';
import { advanceClock, DAY, HOUR } from '../support/clock';
import {
  limitSpend,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { lineItem, newTokenRequest, payWithToken, tokenShop } from '../support/token-payments';
import {
  except,
  expectError,
  expectExchange,
  expectQuotaExceeded,
  expectShape,
  ERROR_BODY,
  N,
  S,
  type ShapeObject,
} from './support';

const post = (operation: string, params: Record<string, string>, key: string) =>
  api('POST', `/payments/api/${operation}?${new URLSearchParams(params)}`, { key });

const LEGACY_REQUEST: ShapeObject = {
  clientId: S,
  denomination: { amount: N, asset: S },
  notifyUrl: S,
  payments: [{ account: S, amount: N, ledger: S, methods: [S] }],
  qrCode: S,
  status: S,
  paidBy: { transactionId: S, amount: N },
  description: S,
  externalReference: S,
  merchantId: S,
  requestId: S,
  createdAt: S,
  updatedAt: S,
};

const REQUEST_INFO: ShapeObject = {
  requestId: S,
  shortCode: S,
  merchantId: S,
  merchantName: S,
  clientId: S,
  denomination: { asset: S, amount: N },
  payments: [{ ledger: S, amount: N, methods: [S] }],
  qrCode: S,
  requestCode: S,
  status: S,
  createdAt: S,
  updatedAt: S,
  liveness: S,
  // Our rule and the page's model: a string; the page's example shows the number 120 (see docs/conformance.md).
  paymentExpirySeconds: S,
};

const TRANSACTION_RESULT: ShapeObject = {
  createdAt: S,
  currencyExchange: { asset: S, rate: N },
  merchant: { categoryCode: S, id: S, location: S, name: S },
  payment: { amount: N, asset: S, message: S },
  reference: S,
  settlementDate: S,
  status: S,
  type: S,
  version: N,
};

let merchant: MerchantSetup;
let key: string;
let payer: Payer;
beforeAll(async () => {
  merchant = await newMerchant();
  key = merchant.owner.apiKey;
  // The documented pay and refund results name the merchant's category code.
  expect(
    (await api('PUT', `/api/merchants/${merchant.merchantId}`, { key, body: { categoryCode: '7372' } })).status,
  ).toBe(200);
  payer = await newPayer('100000');
});

const create = async (params: Record<string, string> = {}) => {
  const res = await post(
    'requests.create',
    { merchantId: merchant.merchantId, clientId: merchant.configId, amount: '300', asset: 'NZD', ...params },
    key,
  );
  expect(res.status).toBe(200);
  return res.body;
};
const legacyPay = (requestId: string, from: Payer = payer, ledger = 'svc.nzd.test') =>
  post('requests.pay', { authorization: from.walletId, ledger, requestId }, from.apiKey);
const refund = (transactionId: string, amount: string, extra: Record<string, string> = {}) =>
  post('transactions.refund', { transactionId, amount, ...extra }, key);
async function paid(amount = '300') {
  const created = await create({ amount });
  const payment = await legacyPay(created.requestId);
  expect(payment.status).toBe(200);
  return { requestId: created.requestId as string, transactionId: payment.body.reference as string };
}

describe('Legacy Payment Requests: documented example exchanges', () => {
  it(
    'POST /payments/api/requests.create (with the optional description, reference and notify URL the example ' +
      'answers)',
    async () => {
      const res = await post(
        'requests.create',
        {
          merchantId: merchant.merchantId,
          clientId: merchant.configId,
          amount: '300',
          asset: 'NZD',
          description: 'Coffee',
          externalReference: '03.01.09.chancellor',
          notifyUrl: 'http://example.com/payments/api/service.notify',
        },
        key,
      );
      expectExchange(
        res,
        except(LEGACY_REQUEST, {
          paidBy: 'a new request has no payment yet: paidBy appears once it is paid (see requests.info after pay)',
        }),
      );
    },
  );

  it('GET /payments/api/requests.info; paid, it shows paidBy', async () => {
    const created = await create();
    expectExchange(
      await api('GET', `/payments/api/requests.info?requestId=${created.requestId}`, { key }),
      REQUEST_INFO,
    );
    expect((await legacyPay(created.requestId)).status).toBe(200);
    const res = await api('GET', `/payments/api/requests.info?requestId=${created.requestId}`, { key });
    expectExchange(res, { ...REQUEST_INFO, paidBy: { transactionId: S, amount: N } });
  });

  it(
    'POST /payments/api/requests.pay (a svc.nzd.test wallet ' + 'asset: the ledger table row the platform serves)',
    async () => {
      const created = await create();
      const res = await legacyPay(created.requestId);
      expectExchange(res, TRANSACTION_RESULT);
      expect(res.body).toMatchObject({
        type: 'txPurchase',
        version: 1,
        currencyExchange: { asset: 'NZD', rate: 1 },
        merchant: { location: 'NZ' },
      });
    },
  );

  it('POST /payments/api/requests.cancel', async () => {
    const created = await create({ description: 'Coffee', externalReference: '03.01.09.chancellor' });
    const res = await post('requests.cancel', { requestId: created.requestId }, key);
    expectExchange(res, {
      merchantName: S,
      status: S,
      denomination: { amount: N, asset: S },
      createdAt: S,
      updatedAt: S,
      externalReference: S,
      requestId: S,
      merchantId: S,
      description: S,
    });
    expect(res.body.status).toBe('cancelled');
  });

  it('POST /payments/api/requests.void', async () => {
    const created = await create();
    const res = await post('requests.void', { requestId: created.requestId }, key);
    expectExchange(res, { type: S, status: S, message: S });
    expect(res.body.type).toBe('voidCancel');
  });

  it('POST /payments/api/transactions.refund', async () => {
    const { transactionId } = await paid();
    const res = await refund(transactionId, '100');
    expectExchange(res, TRANSACTION_RESULT);
    expect(res.body.type).toBe('txRefund');
  });
});

describe('Legacy Payment Requests: documented errors', () => {
  const prefix = '999000987654321';
  const unknownBarcode = prefix + luhnCheckDigit(prefix);
  const badChecksum = prefix + String((Number(luhnCheckDigit(prefix)) + 1) % 10);
  const createWith = (params: Record<string, string>) =>
    post(
      'requests.create',
      { merchantId: merchant.merchantId, clientId: merchant.configId, amount: '300', asset: 'NZD', ...params },
      key,
    );

  describe('requests.create', () => {
    it('a patronCode whose check digit fails: 400 CHECKSUM_FAILED', async () => {
      expectError(await createWith({ patronCode: badChecksum }), 400, 'CHECKSUM_FAILED');
    });
    it('a patronCode of no code: 403 PATRON_CODE_INVALID', async () => {
      expectError(await createWith({ patronCode: unknownBarcode }), 403, 'PATRON_CODE_INVALID');
    });
    it('a clientId naming no config of the merchant: 403 MERCHANT_CONFIGURATION_NOT_FOUND', async () => {
      expectError(await createWith({ clientId: 'mc_zzNoSuchResourcezzzzzz' }), 403, 'MERCHANT_CONFIGURATION_NOT_FOUND');
    });
    it('an asset no option takes: 403 NO_AVAILABLE_PAYMENT_OPTIONS', async () => {
      expectError(await createWith({ asset: 'AUD' }), 403, 'NO_AVAILABLE_PAYMENT_OPTIONS');
    });
  });

  describe('requests.pay', () => {
    it('an expired request: 403 REQUEST_EXPIRED', async () => {
      const created = await create();
      // Past its two minutes on the merchant's test clock.
      await advanceClock(merchant.owner.accountId, 121);
      expectError(await legacyPay(created.requestId), 403, 'REQUEST_EXPIRED');
    });
    it('a paid request: 403 REQUEST_PAID', async () => {
      const { requestId } = await paid();
      expectError(await legacyPay(requestId), 403, 'REQUEST_PAID');
    });
    it('a cancelled request: 403 REQUEST_CANCELLED', async () => {
      const created = await create();
      expect((await post('requests.cancel', { requestId: created.requestId }, key)).status).toBe(200);
      expectError(await legacyPay(created.requestId), 403, 'REQUEST_CANCELLED');
    });
    it('a ledger the request does not offer: 403 INVALID_ASSET_TYPE', async () => {
      const created = await create();
      expectError(await legacyPay(created.requestId, payer, 'svc.nzd.main'), 403, 'INVALID_ASSET_TYPE');
    });
    it('a wallet asset that is not spendable: 403 INACTIVE_ASSET', async () => {
      const archived = await newPayer('1000');
      await setAssetStatus(archived.walletId, 'archived');
      expectError(await legacyPay((await create()).requestId, archived), 403, 'INACTIVE_ASSET');
    });
    it('a merchant whose settlement wallet cannot take the payment: 403 INVALID_MERCHANT_CONFIG', async () => {
      const other = await newMerchant();
      const created = await post(
        'requests.create',
        { merchantId: other.merchantId, amount: '300', asset: 'NZD' },
        other.owner.apiKey,
      );
      await setAssetStatus(other.settlementWalletId, 'archived');
      expectError(await legacyPay(created.body.requestId), 403, 'INVALID_MERCHANT_CONFIG');
    });
    it('a wallet holding less than the request: 403 INSUFFICIENT_ASSET_VALUE', async () => {
      const poor = await newPayer('299');
      expectError(await legacyPay((await create()).requestId, poor), 403, 'INSUFFICIENT_ASSET_VALUE');
    });
    it("past the payer's spend quota: 403 QUOTA_EXCEEDED carrying the quotas", async () => {
      const limited = await newPayer('1000');
      await limitSpend(limited.accountId, '299');
      expectQuotaExceeded(await legacyPay((await create()).requestId, limited));
    });
    it(
      'a token, which may buy no line item of a legacy ' + 'request (it has none): 403 ASSET_REDEMPTION_DENIED',
      async () => {
        const shop = await tokenShop();
        const created = await post(
          'requests.create',
          { merchantId: shop.merchant.merchantId, clientId: shop.merchant.tokenConfigId, amount: '400', asset: 'NZD' },
          shop.merchant.owner.apiKey,
        );
        expect(created.status).toBe(200);
        const token = await shop.token(payer);
        const res = await post(
          'requests.pay',
          { authorization: token.id, ledger: 'svc.token.test', requestId: created.body.requestId },
          payer.apiKey,
        );
        expectError(res, 403, 'ASSET_REDEMPTION_DENIED');
        expectShape(res.body, ERROR_BODY);
      },
    );
  });

  describe.each(['requests.cancel', 'requests.void'])('%s', (operation) => {
    it('a request that does not exist: 400 REQUEST_NOT_FOUND', async () => {
      expectError(await post(operation, { requestId: 'NoSuchRequest123456789' }, key), 400, 'REQUEST_NOT_FOUND');
    });
    it('an expired request: 400 REQUEST_EXPIRED', async () => {
      const created = await create();
      // Past its two minutes on the merchant's test clock.
      await advanceClock(merchant.owner.accountId, 121);
      expectError(await post(operation, { requestId: created.requestId }, key), 400, 'REQUEST_EXPIRED');
    });
    it('a paid request (void: once its 24 hours are over): 404 REQUEST_PAID', async () => {
      const { requestId } = await paid();
      if (operation === 'requests.void') await advanceClock(merchant.owner.accountId, 25 * HOUR);
      expectError(await post(operation, { requestId }, key), 404, 'REQUEST_PAID');
    });
  });

  describe('transactions.refund', () => {
    it('a second refund without a reference: 400 ALREADY_REFUNDED', async () => {
      const { transactionId } = await paid();
      expect((await refund(transactionId, '100')).status).toBe(200);
      expectError(await refund(transactionId, '100'), 400, 'ALREADY_REFUNDED');
    });
    it('more than the transaction: 400 INVALID_AMOUNT', async () => {
      const { transactionId } = await paid();
      expectError(await refund(transactionId, '301', { externalReference: 'too-much' }), 400, 'INVALID_AMOUNT');
    });
    it('a reference repeated with another amount: 400 REPEAT_REFERENCE', async () => {
      const { transactionId } = await paid();
      expect((await refund(transactionId, '100', { externalReference: 'ref-1' })).status).toBe(200);
      expectError(await refund(transactionId, '150', { externalReference: 'ref-1' }), 400, 'REPEAT_REFERENCE');
    });
    it('a payer wallet that can no longer take money back: 403 INACTIVE_ASSET', async () => {
      const own = await newPayer('1000');
      const created = await create();
      const payment = await legacyPay(created.requestId, own);
      await setAssetStatus(own.walletId, 'archived');
      expectError(await refund(payment.body.reference, '100'), 403, 'INACTIVE_ASSET');
    });
    it('a pre-auth with confirmations: 403 REFUND_NOT_SUPPORTED', async () => {
      const preAuth = await newPaymentRequest(merchant, { value: nzd('5000'), preAuth: true });
      const authorised = await legacyPay(preAuth.id);
      expect(authorised.status).toBe(200);
      const confirm = await api('POST', `/api/payment-requests/${preAuth.id}/confirm`, {
        key,
        body: {
          idempotencyKey: 'legacy-c1',
          invoiceRef: 'inv-1',
          lineItems: [{ name: 'fuel', qty: '1', price: '1200' }],
        },
      });
      expect(confirm.status).toBe(200);
      expectError(await refund(authorised.body.reference, '100'), 403, 'REFUND_NOT_SUPPORTED');
    });
    it('a payment older than the refund window: 403 REFUND_WINDOW_EXCEEDED', async () => {
      const { transactionId } = await paid();
      await advanceClock(merchant.owner.accountId, 91 * DAY);
      expectError(await refund(transactionId, '100'), 403, 'REFUND_WINDOW_EXCEEDED');
    });
    it('a settlement wallet that cannot pay the refund: 403 REFUND_DECLINED', async () => {
      const other = await newMerchant();
      const created = await post(
        'requests.create',
        { merchantId: other.merchantId, amount: '300', asset: 'NZD' },
        other.owner.apiKey,
      );
      const payment = await legacyPay(created.body.requestId);
      expect(payment.status).toBe(200);
      await setAssetStatus(other.settlementWalletId, 'archived');
      expectError(
        await post('transactions.refund', { transactionId: payment.body.reference, amount: '100' }, other.owner.apiKey),
        403,
        'REFUND_DECLINED',
      );
    });
    it(
      'a refund reaching into a token payment of the request (a token is refunded whole): 403 ' +
        'PARTIAL_REFUNDS_NOT_ALLOWED',
      async () => {
        // A request of the current API paid by a token (bread, 400) and by legacy pay (milk, 300): the refund takes
        // money back first.
        const shop = await tokenShop();
        const created = await newTokenRequest(shop.merchant, [lineItem('bread', '400'), lineItem('milk', '300')]);
        expect((await payWithToken(payer, created.id, (await shop.token(payer)).id)).status).toBe(200);
        const payment = await legacyPay(created.id);
        expect(payment.status).toBe(200);
        const res = await post(
          'transactions.refund',
          { transactionId: payment.body.reference, amount: '500' },
          shop.merchant.owner.apiKey,
        );
        expectError(res, 403, 'PARTIAL_REFUNDS_NOT_ALLOWED');
        expectShape(res.body, ERROR_BODY);
      },
    );
  });
});
