/**
 * Docs page "Payment Requests": src/content/api/payment-requests.mdoc, its example exchanges and
 * the OpenAPI operation createPaymentRequest (src/content/api/openapi/).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { setAssetStatus } from '../../functions/core/ledger/transfers';
import { luhnCheckDigit } from '../../functions/patron-codes/barcode';
import { paymentRequestKey } from '../../functions/payment-requests/keys';
import { api, newAccount, seed, type TestAccount } from '../support/api';
import { company } from '../support/batches';
import { authorize, authorizedConnection, newConnection, newPaymentLink, newWalletApp } from '../support/channels';
import { advanceClock, DAY, HOUR } from '../support/clock';
import {
  limitSpend,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { lineItem, newTokenRequest, payWithToken, tokenShop, type TokenShop } from '../support/token-payments';
import {
  B,
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

// ---- documented shapes -------------------------------------------------------------------------

const MONEY = { amount: S, currency: S } as const;
const LINE_ITEM = { name: S, sku: S, qty: S, price: S, tax: S } as const;
const DISCOUNTED_LINE_ITEM = { ...LINE_ITEM, discount: S } as const;
const OPTION = { assetType: S, amount: S } as const;
const TOKEN_OPTION = { ...OPTION, acceptedCollections: [{ id: S, lineItems: [LINE_ITEM] }] } as const;

/** Create (the example of the page and of its OpenAPI operation). */
const CREATED: ShapeObject = {
  id: S,
  shortCode: S,
  url: S,
  merchantId: S,
  merchantName: S,
  configId: S,
  value: MONEY,
  paymentOptions: [OPTION],
  status: S,
  createdAt: S,
  updatedAt: S,
  expiresAt: S,
  liveness: S,
  expirySeconds: N,
  merchantConditions: [],
  createdByAccountId: S,
  createdByAccountName: S,
  taxNumber: { value: S, type: S },
  remainingAmount: S,
  lineItems: [DISCOUNTED_LINE_ITEM],
  connectionId: S,
  connectionStatus: S,
  paymentLinkId: S,
};

/** Get by id: a request attached to a patron code, with a condition, part paid. */
const FETCHED: ShapeObject = {
  id: S,
  shortCode: S,
  url: S,
  patronCodeId: S,
  barcode: S,
  merchantId: S,
  merchantName: S,
  configId: S,
  purchaseOrderRef: S,
  invoiceRef: S,
  value: MONEY,
  paymentOptions: [OPTION],
  lineItems: [LINE_ITEM],
  merchantConditions: [{ id: S, name: S, message: S, status: S }],
  paidBy: { assetTotals: [{ type: S, description: S, settlementDate: S, total: MONEY, payerAccountId: S }] },
  status: S,
  createdAt: S,
  updatedAt: S,
  expiresAt: S,
  liveness: S,
  expirySeconds: N,
  connectionId: S,
  connectionStatus: S,
};

/** By short code, by patron code and by connection: the same fields less the order references, line items, paidBy. */
const LOOKED_UP: ShapeObject = {
  ...except(FETCHED, {
    purchaseOrderRef: 'not in this example',
    invoiceRef: 'not in this example',
    lineItems: 'not in this example',
    paidBy: 'not in this example',
  }),
  merchantConditions: [],
};

const SUMMARY: ShapeObject = {
  id: S,
  url: S,
  merchantId: S,
  merchantName: S,
  value: MONEY,
  createdAt: S,
  expiresAt: S,
  paymentOptions: [OPTION],
  partialAllowed: B,
  basketAmount: S,
  remainingAmount: S,
  status: S,
  lineItems: [LINE_ITEM],
  liveness: S,
};

const ACTIVITY: ShapeObject = {
  type: S,
  value: MONEY,
  paymentRequestId: S,
  shortCode: S,
  merchantName: S,
  merchantId: S,
  merchantAccountId: S,
  merchantConfigId: S,
  createdAt: S,
  createdBy: S,
  paymentRequestCreatedBy: S,
  activityNumber: S,
};
const MONEY_ACTIVITY: ShapeObject = { ...ACTIVITY, assetType: S };
const PRE_AUTH_ACTIVITY: ShapeObject = { ...ACTIVITY, preAuth: B };

const PAYMENT: ShapeObject = { ...MONEY_ACTIVITY, idempotencyKey: S, mode: S, id: S, externalPaymentRef: S };
const REFUND: ShapeObject = { ...MONEY_ACTIVITY, invoiceRef: S, lineItems: [DISCOUNTED_LINE_ITEM] };
const RELEASE: ShapeObject = { ...MONEY_ACTIVITY, preAuth: B };
const CONFIRMATION: ShapeObject = {
  paymentRequestId: S,
  shortCode: S,
  value: MONEY,
  preAuth: B,
  type: S,
  idempotencyKey: S,
  createdAt: S,
  updatedAt: S,
  lineItems: [LINE_ITEM],
  invoiceRef: S,
  createdByAccountId: S,
  createdByAccountName: S,
};
/** docs/conformance.md: conditionId is an integer and value is monetary (the example shows "1" and the number 100). */
const CONDITION_ACTIVITY: ShapeObject = {
  type: S,
  value: MONEY,
  paymentRequestId: S,
  conditionId: N,
  createdAt: S,
  createdBy: S,
  paymentRequestCreatedBy: S,
  activityNumber: S,
  merchantAccountId: S,
  merchantId: S,
  merchantConfigId: S,
  merchantName: S,
};

// ---- fixtures ----------------------------------------------------------------------------------

const HARD_HAT = { name: 'Hard Hat', sku: 'GH1234', qty: '1', price: '4000', tax: '15', discount: '400' };
const TOOL_BELT = { name: 'Tool Belt', sku: 'GH1234', qty: '1', price: '6000', tax: '15', discount: '600' };
const COFFEE = { name: 'Coffee Grounds', sku: 'GH1234', qty: '1', price: '4195', tax: '15.00' };
const MUG = { name: 'Centrapay Cafe Mug', sku: 'SB456', qty: '25', price: '1995', tax: '15.00', discount: '199' };

let merchant: MerchantSetup;
let key: string;
let payer: Payer;
let patron: TestAccount;

/** The merchant's business's GST number, which its requests carry. */
const TAX_NUMBER = { value: '123-456-789', type: 'nz-gst' };

beforeAll(async () => {
  merchant = await newMerchant({ allowedRedirectUrls: ['https://shop.example.com/'] });
  key = merchant.owner.apiKey;
  const business = await api('POST', '/api/businesses', {
    key,
    body: { nzbn: company(9).nzbn, accountId: merchant.owner.accountId, taxNumber: TAX_NUMBER },
  });
  expect(business.status).toBe(200);
  [payer, patron] = await Promise.all([newPayer('10000000'), newAccount()]);
});

/** A merchant taking test money and tokens of one collection (bread and cake its tokens may buy), made on first use. */
let tokenShopMade: Promise<TokenShop> | undefined;
const sharedTokenShop = () => (tokenShopMade ??= tokenShop());

const post = (path: string, body?: unknown, as = key) =>
  api('POST', path, { key: as, ...(body !== undefined ? { body } : {}) });

/** A connection of the merchant its owner asked for, authorized by a wallet app; a payment link of the merchant. */
const connection = () => authorizedConnection(key, merchant.merchantId);
const paymentLink = async () => (await newPaymentLink(key, merchant.merchantId)).id as string;

/** A patron code whose test scenario gives the request a photo-id condition awaiting the merchant. */
const scenarioBarcode = async () =>
  (await post('/api/patron-codes', { testScenarioName: 'force-condition-check-photo-id' }, patron.apiKey)).body
    .barcode as string;

/** The request of the get-by-id example: patron code, condition accepted, order references, part paid. */
async function fetchedExample() {
  const created = await post('/api/payment-requests', {
    configId: merchant.configId,
    value: nzd('6190'),
    barcode: await scenarioBarcode(),
    conditionsEnabled: true,
    purchaseOrderRef: 'oF6kj1QlH5gK0y9rjRHFh2',
    invoiceRef: 'sy8CRmo3sp3ArOpnfmb423',
    lineItems: [COFFEE, MUG],
    connectionId: await connection(),
  });
  expect(created.status).toBe(200);
  expect((await post(`/api/payment-requests/${created.body.id}/conditions/1/accept`)).status).toBe(200);
  expect(
    (await pay(payer, created.body.id, `part-${created.body.id}`, { mode: 'multi-asset-payment', amount: '1000' }))
      .status,
  ).toBe(200);
  return created.body;
}

const paidRequest = async (body: Record<string, unknown> = {}) => {
  const created = await newPaymentRequest(merchant, body);
  expect((await pay(payer, created.id, `pay-${created.id}`)).status).toBe(200);
  return created;
};
const authorisedPreAuth = async (amount = '10000') => {
  const created = await newPaymentRequest(merchant, { value: nzd(amount), preAuth: true });
  expect((await pay(payer, created.id, `auth-${created.id}`)).status).toBe(200);
  return created;
};

// ---- examples ----------------------------------------------------------------------------------

describe('Payment Requests: documented example exchanges', () => {
  it(
    'POST /api/payment-requests: expirySeconds as a string, discounted line items, a connection and a payment ' +
      'link',
    async () => {
      const res = await post('/api/payment-requests', {
        configId: merchant.configId,
        expirySeconds: '120',
        value: { amount: '10000', currency: 'NZD' },
        lineItems: [HARD_HAT, TOOL_BELT],
        connectionId: await connection(),
        paymentLinkId: await paymentLink(),
      });
      expectExchange(res, CREATED);
      expect(res.body.taxNumber).toEqual(TAX_NUMBER);
      expect(res.body).toMatchObject({
        status: 'new',
        expirySeconds: 120,
        connectionStatus: 'active',
        createdByAccountId: merchant.owner.accountId,
      });
      expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(120_000);
    },
  );

  it('POST /api/payment-requests: expirySeconds as an integer (the OpenAPI example)', async () => {
    const res = await post('/api/payment-requests', {
      configId: merchant.configId,
      expirySeconds: 120,
      value: nzd('10000'),
      lineItems: [HARD_HAT, TOOL_BELT],
    });
    expectExchange(
      res,
      except(CREATED, {
        connectionId: 'none sent',
        connectionStatus: 'none sent',
        paymentLinkId: 'none sent',
      }),
    );
  });

  it('GET /api/payment-requests/{paymentRequestId}', async () => {
    const created = await fetchedExample();
    const res = await api('GET', `/api/payment-requests/${created.id}`, { key });
    expectExchange(res, FETCHED);
    expect(res.body).toMatchObject({ status: 'new', remainingAmount: '5190' });
  });

  it(
    'GET /api/payment-requests/{paymentRequestId} of a config taking tokens: the token option with its accepted ' +
      'collections',
    async () => {
      const shop = await sharedTokenShop();
      const taxed = (item: ReturnType<typeof lineItem>) => ({ ...item, tax: '15.00' });
      const created = await newTokenRequest(shop.merchant, [
        taxed(lineItem('bread', '400')),
        taxed(lineItem('milk', '300')),
      ]);
      const res = await api('GET', `/api/payment-requests/${created.id}`, { key: shop.merchant.owner.apiKey });
      expectExchange(res, { paymentOptions: [OPTION] });
      const tokenOption = res.body.paymentOptions.find(
        (option: { assetType: string }) => option.assetType === 'svc.token.test',
      );
      expectShape(tokenOption, TOKEN_OPTION);
      expect(tokenOption).toEqual({
        assetType: 'svc.token.test',
        amount: '400',
        acceptedCollections: [{ id: shop.collection.id, lineItems: [taxed(lineItem('bread', '400'))] }],
      });
    },
  );

  it('GET /api/payment-requests/short-code/{shortCode}', async () => {
    const created = await fetchedExample();
    expectExchange(await api('GET', `/api/payment-requests/short-code/${created.shortCode}`, { key }), LOOKED_UP);
  });

  it('GET /api/me/patron-code-payment-request (the patron, with its own key)', async () => {
    const created = await fetchedExample();
    const res = await api('GET', '/api/me/patron-code-payment-request', { key: patron.apiKey });
    expectExchange(res, LOOKED_UP);
    expect(res.body.id).toBe(created.id);
  });

  it('GET /api/payment-requests/{paymentRequestId}/summary (no authentication)', async () => {
    const created = await newPaymentRequest(merchant, {
      value: nzd('6190'),
      partialAllowed: true,
      basketAmount: '6190',
      lineItems: [COFFEE, MUG],
    });
    expectExchange(await api('GET', `/api/payment-requests/${created.id}/summary`), SUMMARY);
  });

  it('GET /api/payment-requests/external-ref/{externalRef}: a page, and the next', async () => {
    const externalRef = randomUUID();
    for (let i = 0; i < 2; i++) await newPaymentRequest(merchant, { externalRef, connectionId: await connection() });
    const path = `/api/payment-requests/external-ref/${externalRef}?merchantAccountId=${merchant.owner.accountId}`;
    const listed: ShapeObject = {
      id: S,
      url: S,
      merchantName: S,
      value: MONEY,
      createdAt: S,
      expiresAt: S,
      paymentOptions: [OPTION],
      status: S,
      liveness: S,
      connectionId: S,
      connectionStatus: S,
    };
    const first = await api('GET', `${path}&paginationLimit=1`, { key });
    // docs/api/conventions.md#lists: a page carries nextPageKey (the example writes pageKey).
    expectExchange(first, { items: [listed], nextPageKey: S });
    const second = await api('GET', `${path}&paginationLimit=1&pageKey=${encodeURIComponent(first.body.nextPageKey)}`, {
      key,
    });
    expectExchange(second, { items: [listed] });
  });

  it('POST /api/payment-requests/{paymentRequestId}/pay: a partial payment with an external reference', async () => {
    const created = await newPaymentRequest(merchant, {
      value: nzd('1000'),
      partialAllowed: true,
      basketAmount: '1000',
    });
    const res = await post(
      `/api/payment-requests/${created.id}/pay`,
      {
        idempotencyKey: 'b62-11ec-9072-3e22fb52e878',
        assetType: 'svc.nzd.test',
        assetId: payer.walletId,
        amount: '200',
        mode: 'partial-payment',
        externalPaymentRef: '62e4b0d7-551b-4b93-8b62-28265b4457d1',
      },
      payer.apiKey,
    );
    expectExchange(res, PAYMENT);
    expect(res.body).toMatchObject({ type: 'payment', value: nzd('200'), mode: 'partial-payment' });
  });

  it(
    'POST /api/payment-requests/{paymentRequestId}/refund: a line item carrying its discount; the invoice ' +
      "reference is the request's",
    async () => {
      const created = await paidRequest({
        value: nzd('10000'),
        lineItems: [HARD_HAT, TOOL_BELT],
        invoiceRef: 'sy8CRmo3sp3ArOpnfmb423',
      });
      const res = await post(`/api/payment-requests/${created.id}/refund`, {
        value: { amount: '3600', currency: 'NZD' },
        externalRef: 'e8df06e2-13a5-48b4-b670-3fd6d815fe0a',
        lineItems: [HARD_HAT],
      });
      expectExchange(res, REFUND);
      expect(res.body).toMatchObject({
        type: 'refund',
        assetType: 'svc.nzd.test',
        value: nzd('3600'),
        invoiceRef: 'sy8CRmo3sp3ArOpnfmb423',
      });
    },
  );

  it('POST /api/payment-requests/{paymentRequestId}/void: a paid request is refunded', async () => {
    const created = await paidRequest();
    const res = await post(`/api/payment-requests/${created.id}/void`);
    expectExchange(res, MONEY_ACTIVITY);
    expect(res.body).toMatchObject({ type: 'refund', assetType: 'svc.nzd.test' });
  });

  it('POST /api/payment-requests/{paymentRequestId}/release', async () => {
    const created = await authorisedPreAuth('100');
    const res = await post(`/api/payment-requests/${created.id}/release`);
    expectExchange(res, RELEASE);
    expect(res.body).toMatchObject({ type: 'release', preAuth: true });
  });

  it(
    'POST /api/payment-requests/{paymentRequestId}/confirm: line items with restricted, productId and ' +
      'classification',
    async () => {
      const created = await authorisedPreAuth();
      const res = await post(`/api/payment-requests/${created.id}/confirm`, {
        value: { amount: '6190', currency: 'NZD' },
        idempotencyKey: 'e8df06e2-13a5-48b4-b670-3fd6d815fe0a',
        invoiceRef: '2022-08-03T16:56:50-06:00',
        lineItems: [
          COFFEE,
          {
            ...MUG,
            restricted: true,
            productId: '19412345123459',
            classification: { type: 'GS1', code: '10001874', name: 'CROCKERY', props: { 20001479: '30008960' } },
          },
        ],
      });
      expectExchange(res, CONFIRMATION);
      expect(res.body).toMatchObject({
        type: 'confirmation',
        preAuth: true,
        createdByAccountId: merchant.owner.accountId,
      });
    },
  );

  describe('activity listings', () => {
    let own: MerchantSetup;
    let paidId: string;
    beforeAll(async () => {
      own = await newMerchant();
      const paid = await newPaymentRequest(own, { value: nzd('6190') });
      expect((await pay(payer, paid.id, `own-${paid.id}`)).status).toBe(200);
      expect(
        (
          await post(
            `/api/payment-requests/${paid.id}/refund`,
            { value: nzd('600'), externalRef: 'r-600' },
            own.owner.apiKey,
          )
        ).status,
      ).toBe(200);
      paidId = paid.id;
      const preAuth = await newPaymentRequest(own, { value: nzd('100'), preAuth: true });
      expect((await pay(payer, preAuth.id, `own-${preAuth.id}`)).status).toBe(200);
    });

    /** Each listed activity against the documented shape of its type. */
    function expectActivities(items: { type: string }[], types: string[]): void {
      const byType: Record<string, ShapeObject> = {
        refund: MONEY_ACTIVITY,
        payment: MONEY_ACTIVITY,
        request: ACTIVITY,
        authorization: PRE_AUTH_ACTIVITY,
        preAuthRequest: PRE_AUTH_ACTIVITY,
      };
      for (const type of types) {
        const item = items.find((i) => i.type === type);
        expect(item && type).toBe(type);
        expectShape(item, byType[type], type);
      }
    }

    it('GET /api/payment-activities?merchantId=…: newest first, a page and the next', async () => {
      const items: { type: string }[] = [];
      let pageKey: string | undefined;
      let pages = 0;
      do {
        const query = new URLSearchParams({
          merchantId: own.merchantId,
          paginationLimit: '3',
          ...(pageKey ? { pageKey } : {}),
        });
        const res = await api('GET', `/api/payment-activities?${query}`, { key: own.owner.apiKey });
        expectExchange(res, pages === 0 ? { nextPageKey: S, items: [ACTIVITY] } : { items: [ACTIVITY] });
        items.push(...res.body.items);
        pageKey = res.body.nextPageKey;
        pages++;
      } while (pageKey);
      expect(pages).toBeGreaterThan(1);
      expectActivities(items, ['refund', 'payment', 'request', 'authorization', 'preAuthRequest']);
    });

    it('GET /api/payment-requests/{paymentRequestId}/activities', async () => {
      const res = await api('GET', `/api/payment-requests/${paidId}/activities`, { key: own.owner.apiKey });
      expectExchange(res, { items: [ACTIVITY] });
      expectActivities(res.body.items, ['refund', 'payment', 'request']);
    });
  });

  it.each(['accept', 'decline'])(
    'POST /api/payment-requests/{paymentRequestId}/conditions/{conditionId}/%s',
    async (decision) => {
      const created = await newPaymentRequest(merchant, {
        value: nzd('100'),
        barcode: await scenarioBarcode(),
        conditionsEnabled: true,
      });
      const res = await post(`/api/payment-requests/${created.id}/conditions/1/${decision}`);
      expectExchange(res, CONDITION_ACTIVITY);
      expect(res.body).toMatchObject({ type: `${decision}-condition`, conditionId: 1 });
    },
  );
});

// ---- errors ------------------------------------------------------------------------------------

describe('Payment Requests: documented errors', () => {
  /** A token of the payer at the token merchant. */
  const payerToken = async () => {
    const made = await sharedTokenShop();
    return { merchant: made.merchant, tokenId: (await made.token(payer)).id as string };
  };
  const prefix = '999000555555555';
  const unknownBarcode = prefix + luhnCheckDigit(prefix);
  const badChecksum = prefix + String((Number(luhnCheckDigit(prefix)) + 1) % 10);
  const create = (body: Record<string, unknown>, as = key) =>
    post('/api/payment-requests', { configId: merchant.configId, value: nzd('1000'), ...body }, as);

  describe('create', () => {
    it('line items not summing to the value: 400 LINE_ITEMS_SUM_CHECK_FAILED', async () => {
      expectError(
        await create({ lineItems: [{ name: 'x', qty: '1', price: '999' }] }),
        400,
        'LINE_ITEMS_SUM_CHECK_FAILED',
      );
    });
    it('a barcode whose check digit fails: 400 CHECKSUM_FAILED', async () => {
      expectError(await create({ barcode: badChecksum }), 400, 'CHECKSUM_FAILED');
    });
    it("a redirect URL outside the config's allowed prefixes: 403 REDIRECT_URL_INVALID", async () => {
      expectError(await create({ redirectPaidUrl: 'https://elsewhere.example.com/paid' }), 403, 'REDIRECT_URL_INVALID');
    });
    it('a barcode of no patron code: 403 PATRON_CODE_INVALID', async () => {
      expectError(await create({ barcode: unknownBarcode }), 403, 'PATRON_CODE_INVALID');
    });
    it('a currency no option takes: 403 NO_AVAILABLE_PAYMENT_OPTIONS', async () => {
      expectError(await create({ value: { currency: 'AUD', amount: '1000' } }), 403, 'NO_AVAILABLE_PAYMENT_OPTIONS');
    });
    it('a collection that does not exist: 403 TOKEN_COLLECTION_NOT_FOUND', async () => {
      expectError(await create({ collectionId: 'c_zzNoSuchResourcezzzzzz' }), 403, 'TOKEN_COLLECTION_NOT_FOUND');
    });
    it('a connection that does not exist: 403 CONNECTION_NOT_FOUND', async () => {
      expectError(await create({ connectionId: 'cn_zzNoSuchResourcezzzzzz' }), 403, 'CONNECTION_NOT_FOUND');
    });
    it('a connection of another merchant: 403 CONNECTION_MERCHANT_MISMATCH', async () => {
      const other = await post('/api/merchants', {
        accountId: merchant.owner.accountId,
        name: 'Other Cafe',
        country: 'NZ',
        test: true,
      });
      expectError(
        await create({ connectionId: (await newConnection(key, other.body.id)).id }),
        403,
        'CONNECTION_MERCHANT_MISMATCH',
      );
    });
    it('a connection another caller made: 403 CONNECTION_CREATED_BY_MISMATCH', async () => {
      // The operator may ask to connect any merchant; the merchant's own keys did not make that connection.
      expectError(
        await create({ connectionId: (await newConnection(seed().operatorApiKey, merchant.merchantId)).id }),
        403,
        'CONNECTION_CREATED_BY_MISMATCH',
      );
    });
  });

  it('get by short code whose check symbol fails: 400 CHECKSUM_FAILED', async () => {
    const { shortCode } = await newPaymentRequest(merchant);
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const last = shortCode[shortCode.length - 1];
    const wrong = shortCode.slice(0, -1) + alphabet[(alphabet.indexOf(last) + 1) % alphabet.length];
    expectError(await api('GET', `/api/payment-requests/short-code/${wrong}`, { key }), 400, 'CHECKSUM_FAILED');
  });

  describe('pay', () => {
    it('an asset type the request does not offer: 403 INVALID_ASSET_TYPE', async () => {
      const created = await newPaymentRequest(merchant);
      expectError(await pay(payer, created.id, 'k', { assetType: 'svc.nzd.main' }), 403, 'INVALID_ASSET_TYPE');
    });
    it('an expired request: 403 REQUEST_EXPIRED', async () => {
      const created = await newPaymentRequest(merchant);
      // Past its two minutes on the merchant's test clock.
      await advanceClock(merchant.owner.accountId, 121);
      expectError(await pay(payer, created.id, 'k'), 403, 'REQUEST_EXPIRED');
    });
    it('a paid request: 403 REQUEST_PAID', async () => {
      const created = await paidRequest();
      expectError(await pay(payer, created.id, 'again'), 403, 'REQUEST_PAID');
    });
    it('a cancelled request: 403 REQUEST_CANCELLED', async () => {
      const created = await newPaymentRequest(merchant);
      expect((await post(`/api/payment-requests/${created.id}/void`)).status).toBe(200);
      expectError(await pay(payer, created.id, 'k'), 403, 'REQUEST_CANCELLED');
    });
    it('an asset that is not spendable: 403 INACTIVE_ASSET', async () => {
      const archived = await newPayer('5000');
      await setAssetStatus(archived.walletId, 'archived');
      expectError(await pay(archived, (await newPaymentRequest(merchant)).id, 'k'), 403, 'INACTIVE_ASSET');
    });
    it('a merchant whose settlement wallet cannot take it: 403 INVALID_MERCHANT_CONFIG', async () => {
      const other = await newMerchant();
      const created = await newPaymentRequest(other);
      await setAssetStatus(other.settlementWalletId, 'archived');
      expectError(await pay(payer, created.id, 'k'), 403, 'INVALID_MERCHANT_CONFIG');
    });
    it('an asset holding less than the request: 403 INSUFFICIENT_ASSET_VALUE', async () => {
      const poor = await newPayer('999');
      expectError(await pay(poor, (await newPaymentRequest(merchant)).id, 'k'), 403, 'INSUFFICIENT_ASSET_VALUE');
    });
    it('a condition not yet accepted: 403 PAYMENT_DECLINED', async () => {
      const created = await newPaymentRequest(merchant, { barcode: await scenarioBarcode(), conditionsEnabled: true });
      expectError(await pay(payer, created.id, 'k'), 403, 'PAYMENT_DECLINED');
    });
    it("past the payer's spend quota: 403 QUOTA_EXCEEDED carrying the quotas", async () => {
      const limited = await newPayer('5000');
      await limitSpend(limited.accountId, '999');
      expectQuotaExceeded(await pay(limited, (await newPaymentRequest(merchant)).id, 'k'));
    });
    it('a token that may buy no line item of the request: 403 ASSET_REDEMPTION_DENIED', async () => {
      const { merchant: shopMerchant, tokenId } = await payerToken();
      // The merchant's redemption condition allows bread and cake only.
      const created = await newTokenRequest(shopMerchant, [lineItem('milk', '300')]);
      const res = await payWithToken(payer, created.id, tokenId);
      expectError(res, 403, 'ASSET_REDEMPTION_DENIED');
      expectShape(res.body, ERROR_BODY);
    });
  });

  describe('refund', () => {
    const refund = (id: string, amount: string, externalRef: string, extra: Record<string, unknown> = {}) =>
      post(`/api/payment-requests/${id}/refund`, { value: nzd(amount), externalRef, ...extra });

    it('line items not summing to the refund: 400 LINE_ITEMS_SUM_CHECK_FAILED', async () => {
      const created = await paidRequest();
      expectError(
        await refund(created.id, '500', 'r', { lineItems: [{ name: 'x', qty: '1', price: '400' }] }),
        400,
        'LINE_ITEMS_SUM_CHECK_FAILED',
      );
    });
    it('an unpaid request: 403 NOT_PAID', async () => {
      expectError(await refund((await newPaymentRequest(merchant)).id, '100', 'r'), 403, 'NOT_PAID');
    });
    it('a request refunded in full: 403 ALREADY_REFUNDED', async () => {
      const created = await paidRequest();
      expect((await refund(created.id, '1000', 'all')).status).toBe(200);
      expectError(await refund(created.id, '100', 'more'), 403, 'ALREADY_REFUNDED');
    });
    it('more than is refundable: 403 INVALID_AMOUNT', async () => {
      expectError(await refund((await paidRequest()).id, '1001', 'r'), 403, 'INVALID_AMOUNT');
    });
    it('a reference repeated with another amount: 403 REPEAT_REFERENCE', async () => {
      const created = await paidRequest();
      expect((await refund(created.id, '100', 'same')).status).toBe(200);
      expectError(await refund(created.id, '200', 'same'), 403, 'REPEAT_REFERENCE');
    });
    it('a payer asset that cannot take the money back: 403 INACTIVE_ASSET', async () => {
      const own = await newPayer('5000');
      const created = await newPaymentRequest(merchant);
      expect((await pay(own, created.id, 'k')).status).toBe(200);
      await setAssetStatus(own.walletId, 'archived');
      expectError(await refund(created.id, '100', 'r'), 403, 'INACTIVE_ASSET');
    });
    it('a payment older than the refund window: 403 REFUND_WINDOW_EXCEEDED', async () => {
      const created = await paidRequest();
      await advanceClock(merchant.owner.accountId, 91 * DAY);
      expectError(await refund(created.id, '100', 'late'), 403, 'REFUND_WINDOW_EXCEEDED');
    });
    it('a pre-auth not yet authorised: 403 PRE_AUTH_PENDING', async () => {
      const created = await newPaymentRequest(merchant, { preAuth: true });
      expectError(await refund(created.id, '100', 'r'), 403, 'PRE_AUTH_PENDING');
    });
    it('a pre-auth with no confirmation to refund: 403 CONFIRMATION_NOT_FOUND', async () => {
      expectError(await refund((await authorisedPreAuth('1000')).id, '100', 'r'), 403, 'CONFIRMATION_NOT_FOUND');
    });
    it('a settlement wallet that cannot pay it back: 403 REFUND_DECLINED', async () => {
      const other = await newMerchant();
      const created = await newPaymentRequest(other);
      expect((await pay(payer, created.id, `other-${created.id}`)).status).toBe(200);
      await setAssetStatus(other.settlementWalletId, 'archived');
      expectError(
        await post(
          `/api/payment-requests/${created.id}/refund`,
          { value: nzd('100'), externalRef: 'r' },
          other.owner.apiKey,
        ),
        403,
        'REFUND_DECLINED',
      );
    });
    it('part of a token payment (a token is refunded whole): 403 PARTIAL_REFUNDS_NOT_ALLOWED', async () => {
      const { merchant: shopMerchant, tokenId } = await payerToken();
      const created = await newTokenRequest(shopMerchant, [lineItem('bread', '400')]);
      expect((await payWithToken(payer, created.id, tokenId)).status).toBe(200);
      const res = await post(
        `/api/payment-requests/${created.id}/refund`,
        { value: nzd('100'), externalRef: 'part' },
        shopMerchant.owner.apiKey,
      );
      expectError(res, 403, 'PARTIAL_REFUNDS_NOT_ALLOWED');
      expectShape(res.body, ERROR_BODY);
    });
  });

  describe('void', () => {
    const voidRequest = (id: string, headers: Record<string, string> = {}) =>
      api('POST', `/api/payment-requests/${id}/void`, { key, headers });

    it('24 hours after creation: 403 VOID_WINDOW_EXCEEDED', async () => {
      const created = await paidRequest();
      await advanceClock(merchant.owner.accountId, 25 * HOUR);
      expectError(await voidRequest(created.id), 403, 'VOID_WINDOW_EXCEEDED');
    });
    it('a request already refunded in full: 403 ALREADY_REFUNDED', async () => {
      const created = await paidRequest();
      expect(
        (await post(`/api/payment-requests/${created.id}/refund`, { value: nzd('1000'), externalRef: 'all' })).status,
      ).toBe(200);
      expectError(await voidRequest(created.id), 403, 'ALREADY_REFUNDED');
    });
    it('its reference (Idempotency-Key) reused for another request: 403 REPEAT_REFERENCE', async () => {
      const [a, b] = [await paidRequest(), await paidRequest()];
      const reference = `void-${a.id}`;
      expect((await voidRequest(a.id, { 'idempotency-key': reference })).status).toBe(200);
      expectError(await voidRequest(b.id, { 'idempotency-key': reference }), 403, 'REPEAT_REFERENCE');
    });
    it('a payer asset that cannot take the money back: 403 INACTIVE_ASSET', async () => {
      const own = await newPayer('5000');
      const created = await newPaymentRequest(merchant);
      expect((await pay(own, created.id, 'k')).status).toBe(200);
      await setAssetStatus(own.walletId, 'archived');
      expectError(await voidRequest(created.id), 403, 'INACTIVE_ASSET');
    });
    it('an expired request: 403 REQUEST_EXPIRED', async () => {
      const created = await newPaymentRequest(merchant);
      // Past its two minutes on the merchant's test clock.
      await advanceClock(merchant.owner.accountId, 121);
      expectError(await voidRequest(created.id), 403, 'REQUEST_EXPIRED');
    });
    it('a pre-auth with confirmations: 403 PRE_AUTH_ALREADY_CONFIRMED', async () => {
      const created = await authorisedPreAuth('1000');
      expect(
        (
          await post(`/api/payment-requests/${created.id}/confirm`, {
            idempotencyKey: 'c',
            invoiceRef: 'i',
            lineItems: [{ name: 'x', qty: '1', price: '100' }],
          })
        ).status,
      ).toBe(200);
      expectError(await voidRequest(created.id), 403, 'PRE_AUTH_ALREADY_CONFIRMED');
    });
  });

  describe('release', () => {
    it('a request that is not a pre-auth: 403 INVALID_PAYMENT_REQUEST_TYPE', async () => {
      expectError(
        await post(`/api/payment-requests/${(await paidRequest()).id}/release`),
        403,
        'INVALID_PAYMENT_REQUEST_TYPE',
      );
    });
    it('a pre-auth already released: 403 PRE_AUTH_RELEASED', async () => {
      const created = await authorisedPreAuth('100');
      expect((await post(`/api/payment-requests/${created.id}/release`)).status).toBe(200);
      expectError(await post(`/api/payment-requests/${created.id}/release`), 403, 'PRE_AUTH_RELEASED');
    });
  });

  describe('confirm', () => {
    const confirm = (id: string, price = '100', idempotencyKey = `c-${id}`) =>
      post(`/api/payment-requests/${id}/confirm`, {
        idempotencyKey,
        invoiceRef: 'inv',
        lineItems: [{ name: 'x', qty: '1', price }],
      });

    it('a request that is not a pre-auth: 403 INVALID_PAYMENT_REQUEST_TYPE', async () => {
      expectError(await confirm((await paidRequest()).id), 403, 'INVALID_PAYMENT_REQUEST_TYPE');
    });
    it('a released pre-auth: 403 PRE_AUTH_RELEASED', async () => {
      const created = await authorisedPreAuth('1000');
      expect((await post(`/api/payment-requests/${created.id}/release`)).status).toBe(200);
      expectError(await confirm(created.id), 403, 'PRE_AUTH_RELEASED');
    });
    it('a pre-auth not yet authorised: 403 PRE_AUTH_PENDING', async () => {
      expectError(await confirm((await newPaymentRequest(merchant, { preAuth: true })).id), 403, 'PRE_AUTH_PENDING');
    });
    it('a cancelled pre-auth: 403 REQUEST_CANCELLED', async () => {
      const created = await newPaymentRequest(merchant, { preAuth: true });
      expect((await post(`/api/payment-requests/${created.id}/void`)).status).toBe(200);
      expectError(await confirm(created.id), 403, 'REQUEST_CANCELLED');
    });
    it('more than the authorisation has left: 403 INVALID_AMOUNT', async () => {
      expectError(await confirm((await authorisedPreAuth('1000')).id, '1001'), 403, 'INVALID_AMOUNT');
    });
    it('its idempotencyKey again with other content: 403 IDEMPOTENT_OPERATION_FAILED', async () => {
      const created = await authorisedPreAuth('1000');
      expect((await confirm(created.id, '100', 'same')).status).toBe(200);
      expectError(await confirm(created.id, '200', 'same'), 403, 'IDEMPOTENT_OPERATION_FAILED');
    });
  });

  describe.each(['accept', 'decline'])('conditions/{conditionId}/%s', (decision) => {
    const withCondition = async () =>
      newPaymentRequest(merchant, { value: nzd('100'), barcode: await scenarioBarcode(), conditionsEnabled: true });

    it('by the patron, the condition awaiting the merchant: 403 PATRON_NOT_AUTHORIZED', async () => {
      const created = await withCondition();
      expectError(
        await post(`/api/payment-requests/${created.id}/conditions/1/${decision}`, undefined, patron.apiKey),
        403,
        'PATRON_NOT_AUTHORIZED',
      );
    });
    it('by the merchant, the condition awaiting the patron: 403 MERCHANT_NOT_AUTHORIZED', async () => {
      const created = await withCondition();
      // No scenario raises a condition awaiting the patron yet: the stored condition is set as one would be.
      await db().send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: paymentRequestKey(created.id),
          UpdateExpression: 'SET merchantConditions[0].#s = :s',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': 'awaiting-patron' },
        }),
      );
      expectError(
        await post(`/api/payment-requests/${created.id}/conditions/1/${decision}`),
        403,
        'MERCHANT_NOT_AUTHORIZED',
      );
    });
    it('a condition already set: 403 CONDITION_ALREADY_SET', async () => {
      const created = await withCondition();
      expect((await post(`/api/payment-requests/${created.id}/conditions/1/accept`)).status).toBe(200);
      expectError(
        await post(`/api/payment-requests/${created.id}/conditions/1/${decision}`),
        403,
        'CONDITION_ALREADY_SET',
      );
    });
  });
});

// Not reachable on this platform (docs/conformance.md): pay PAYMENT_UNCONFIRMED; refund and void
// REFUND_NOT_SUPPORTED.

describe('Payment Requests: get a payment request by connection id', () => {
  it('GET /api/connections/{connectionId}/latest-payment-request: a request made with a patron code', async () => {
    const [shop, patron, wallet] = await Promise.all([newMerchant(), newAccount(), newWalletApp()]);
    const connection = await newConnection(shop.owner.apiKey, shop.merchantId);
    expect((await authorize(connection.id, wallet)).status).toBe(200);
    const code = (await api('POST', '/api/patron-codes', { key: patron.apiKey })).body;
    const made = await api('POST', '/api/payment-requests', {
      key: shop.owner.apiKey,
      body: {
        configId: shop.configId,
        value: { currency: 'NZD', amount: '100' },
        connectionId: connection.id,
        barcode: code.barcode,
      },
    });
    expect(made.status).toBe(200);
    const res = await api('GET', `/api/connections/${connection.id}/latest-payment-request`, {
      key: wallet.owner.apiKey,
    });
    // The example's fields are those of a lookup by short code.
    expectExchange(res, LOOKED_UP);
    expect(res.body).toMatchObject({ id: made.body.id, connectionStatus: 'active' });
  });
});
