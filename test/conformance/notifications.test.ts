/**
 * Docs page "Notifications" (src/content/api/notifications.mdoc: the Notification model and its
 * types) with the Webhooks guide it links (src/content/guides/webhooks.mdoc: the JWKS exchange and
 * the JWT each notification carries). Registering a webhook is not self-service in the docs (support
 * does it); here the platform operator does, through routes the docs do not cover.
 */
import { api, seed } from '../support/api';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { B, expectExchange, expectShape, N, S } from './support';

const ACTIVITY = {
  type: S,
  value: { amount: S, currency: S },
  paymentRequestId: S,
  merchantId: S,
  merchantAccountId: S,
  merchantConfigId: S,
  merchantName: S,
  createdAt: S,
  createdBy: S,
  activityNumber: S,
} as const;

let hook: WebhookReceiver | undefined;
afterAll(() => hook?.close());

describe('Notifications: documented exchanges', () => {
  it("GET /api/.well-known/jwks.json (the guide's JWKS request, served by this platform)", async () => {
    const res = await api('GET', '/api/.well-known/jwks.json');
    expectExchange(res, { keys: [{ kty: S, x: S, y: S, crv: S, kid: S, use: S, alg: S }] });
    expect(res.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
  });

  it('a payment-request:paid and refund notifications: the Notification model, data a Payment Activity, a verified ' +
    'JWT', async () => {
    const merchant = await newMerchant();
    hook = await startWebhookReceiver();
    const types = ['payment-request:paid', 'payment-request:refund-initiated', 'payment-request:refund-completed'];
    const subscribed = await api('POST', `/api/accounts/${merchant.owner.accountId}/webhooks`, {
      key: seed().operatorApiKey,
      body: { url: hook.url, types },
    });
    expect(subscribed.status).toBe(200);
    const payer = await newPayer('5000');
    const created = await newPaymentRequest(merchant);
    expect((await pay(payer, created.id, 'notified')).status).toBe(200);
    const refund = await api('POST', `/api/payment-requests/${created.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('100'), externalRef: 'notified' },
    });
    expect(refund.status).toBe(200);

    const received = await hook.waitForAccepted(3, 30_000);
    expect(received.map((r) => r.body.type).sort()).toEqual([...types].sort());
    for (const notification of received) {
      // The model types data "string" while the type table says "see Payment Activity Model": data is the activity.
      expectShape(
        notification.body,
        { id: S, type: S, data: ACTIVITY, accountId: S, test: B, createdAt: S },
        notification.body.type,
      );
      expect(notification.verifyError).toBeUndefined();
      // The guide's decoded payload shows iat and exp quoted; they are JWT NumericDates (numbers), exp = iat + 300.
      expectShape(notification.claims, { iat: N, exp: N, aud: S, request_body_sha256: S }, 'claims');
    }
  }, 60_000);
});
