/** Docs page "Payment Links": src/content/api/payment-links.mdoc and its example exchanges (experimental). */
import { api } from '../support/api';
import { newPaymentLink } from '../support/channels';
import { newMerchant, newPaymentRequest, type MerchantSetup } from '../support/payments';
import { B, expectExchange, S, type ShapeObject } from './support';

const LINK: ShapeObject = {
  id: S,
  status: S,
  name: S,
  merchantId: S,
  paymentRequestId: S,
  createdBy: S,
  createdAt: S,
  updatedBy: S,
  updatedAt: S,
};
const LISTED: ShapeObject = { ...LINK, test: B };
const ARCHIVED: ShapeObject = {
  id: S,
  name: S,
  merchantId: S,
  status: S,
  createdBy: S,
  createdAt: S,
  updatedBy: S,
  updatedAt: S,
};
const SUMMARY: ShapeObject = { id: S, merchantId: S, paymentRequestId: S };

/** The examples send a JSON content type with no body, GETs included. */
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('Payment Links: documented example exchanges', () => {
  let merchant: MerchantSetup;
  let key: string;
  /** A link with a payment request made through it (the examples show one). */
  const linkWithRequest = async (name = 'Front Checkout') => {
    const link = await newPaymentLink(key, merchant.merchantId, name);
    await newPaymentRequest(merchant, { paymentLinkId: link.id });
    return link.id as string;
  };
  beforeAll(async () => {
    merchant = await newMerchant();
    key = merchant.owner.apiKey;
  }, 30_000);

  it('GET /api/payment-links/{paymentLinkId}', async () => {
    const res = await api('GET', `/api/payment-links/${await linkWithRequest()}`, { key, headers: JSON_HEADERS });
    expectExchange(res, LINK);
    expect(res.body.status).toBe('created');
  });

  it('GET /api/payment-links/{paymentLinkId}/summary (no key)', async () => {
    const res = await api('GET', `/api/payment-links/${await linkWithRequest()}/summary`, { headers: JSON_HEADERS });
    expectExchange(res, SUMMARY);
  });

  it('GET /merchants/{merchantId}/payment-links (without /api), a page with a next page key', async () => {
    await linkWithRequest('Back Counter');
    await linkWithRequest('Front Checkout');
    const res = await api('GET', `/merchants/${merchant.merchantId}/payment-links?paginationLimit=1`, {
      key,
      headers: JSON_HEADERS,
    });
    expectExchange(res, { items: [LISTED], nextPageKey: S });
  });

  it('POST /api/payment-links/{paymentLinkId}/archive', async () => {
    const res = await api('POST', `/api/payment-links/${await linkWithRequest()}/archive`, {
      key,
      headers: JSON_HEADERS,
    });
    expectExchange(res, ARCHIVED);
    expect(res.body.status).toBe('archived');
  });
});
