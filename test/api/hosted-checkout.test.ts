import { GetCommand, QueryCommand } from '../../functions/core/db/document';
import QRCode from 'qrcode';
import { db } from '../../functions/core/db/client';
import { config } from '../../functions/core/config';
import { derivedId } from '../../functions/core/ids';
import { checkoutToken } from '../../functions/checkout/checkout-token';
import { api, newAccount, platformUrl, seed } from '../support/api';
import { advanceClock } from '../support/clock';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';

/**
 * The hosted checkout's routes over HTTP (the browser flows are in test/browser/): the page and its
 * CSP, the 404 page, the status route, and who may cancel or test-pay from a page and how.
 */
const SHOP = 'https://shop.example.com/';
const PAID_URL = `${SHOP}paid`;
const CANCEL_URL = `${SHOP}cancel?cart=7`;

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant({ allowedRedirectUrls: [SHOP] });
});

const newRequest = (body: Record<string, unknown> = {}) =>
  newPaymentRequest(merchant, {
    redirectPaidUrl: PAID_URL,
    redirectCancelUrl: CANCEL_URL,
    lineItems: [{ name: 'Flat white', qty: '2', unitPrice: '500' }],
    ...body,
  });

/** A raw request that does not follow redirects (the actions answer 303). */
async function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${platformUrl()}${path}`, { method, headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function page(id: string) {
  const res = await raw('GET', `/pay/${id}`);
  const action = (name: string) => {
    const match = new RegExp(`action="(/pay/${id}/${name}\\?token=[^"]+)"`).exec(res.text);
    return match ? match[1] : undefined;
  };
  return { ...res, cancel: action('cancel'), testPay: action('test-pay') };
}

const getRequest = async (id: string) =>
  (await api('GET', `/api/payment-requests/${id}`, { key: merchant.owner.apiKey })).body;

describe('the hosted checkout page', () => {
  it('shows the request with a CSP whose fresh nonce is the only way a script or style runs', async () => {
    const request = await newRequest();
    const first = await page(request.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://shop.example.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(first.text).toContain(`<script nonce="${nonce}">`);
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(first.headers.get('cache-control')).toBe('no-store');
    for (const shown of ['Test Cafe', 'NZ$10.00', 'Flat white', request.shortCode, 'Pay with test wallet'])
      expect(first.text).toContain(shown);
    // The QR code is the one of the request's url.
    expect(first.text).toContain(
      await QRCode.toString(request.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    );
    const second = await page(request.id);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('answers an unknown id with a 404 page', async () => {
    const res = await raw('GET', '/pay/zzNoSuchId0000000000000');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<h1>Payment request not found</h1>');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-/);
  });

  it('has a status route the page polls: status, expiry, remaining amount and the server clock', async () => {
    const request = await newRequest();
    const before = Date.now();
    const res = await api('GET', `/pay/${request.id}/status`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: request.id,
      status: 'new',
      expiresAt: request.expiresAt,
      remainingAmount: '1000',
      now: expect.any(String),
    });
    expect(Math.abs(Date.parse(res.body.now) - before)).toBeLessThan(5000);
    expect((await api('GET', '/pay/zzNoSuchId0000000000000/status')).status).toBe(403);
  });

  it(
    'goes by the merchant’s clock: its test clock moves the countdown and expires the request, and the page shows ' +
      'it',
    async () => {
      const other = await newMerchant({ allowedRedirectUrls: [SHOP] });
      const request = await newPaymentRequest(other, { redirectCancelUrl: CANCEL_URL, expirySeconds: 600 });
      await advanceClock(other.owner.accountId, 590);
      const status = (await api('GET', `/pay/${request.id}/status`)).body;
      expect(status.status).toBe('new');
      const left = Date.parse(status.expiresAt) - Date.parse(status.now);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(10_000);
      expect((await page(request.id)).text).toMatch(/<span id="countdown" role="timer">0:(0\d|10)<\/span>/);

      await advanceClock(other.owner.accountId, 11);
      expect((await api('GET', `/pay/${request.id}/status`)).body.status).toBe('expired');
      const shown = await page(request.id);
      expect(shown.text).toContain('This payment request has expired.');
      expect(shown.text).toContain(
        `<p id="return-closed"><a class="back" href="${SHOP}cancel?cart=7&amp;paymentRequestId=${request.id}">`,
      );
      expect(shown.cancel).toBeUndefined();
    },
  );

  it(
    'offers no cancel when the request has no cancel URL, or its config no longer allows it, and no redirect ' +
      'either',
    async () => {
      const bare = await newPaymentRequest(merchant);
      expect((await page(bare.id)).cancel).toBeUndefined();

      const other = await newMerchant({ allowedRedirectUrls: [SHOP] });
      const request = await newPaymentRequest(other, { redirectPaidUrl: PAID_URL, redirectCancelUrl: CANCEL_URL });
      const before = await page(request.id);
      expect(before.cancel).toBeDefined();
      expect(before.text).toContain('data-paid-url="https://shop.example.com/paid?paymentRequestId=');
      const updated = await api('PUT', `/api/merchants/${other.merchantId}/configs/${other.configId}`, {
        key: other.owner.apiKey,
        body: { paymentOptions: [{ type: 'svc.nzd.test' }], allowedRedirectUrls: ['https://elsewhere.example.com/'] },
      });
      expect(updated.status).toBe(200);
      const after = await page(request.id);
      expect(after.cancel).toBeUndefined();
      expect(after.text).not.toContain('shop.example.com');
      // The token it once carried no longer cancels: the URL is checked again when cancelling.
      const res = await raw('POST', before.cancel!);
      expect(res.status).toBe(403);
      expect(res.text).toContain('Cannot cancel here');
      expect((await api('GET', `/api/payment-requests/${request.id}`, { key: other.owner.apiKey })).body.status).toBe(
        'new',
      );
    },
  );
});

describe('cancelling from the hosted page', () => {
  it('cancels (CANCELLED_BY_PATRON) and sends the browser to redirectCancelUrl with the request id', async () => {
    const request = await newRequest();
    const { cancel } = await page(request.id);
    const res = await raw('POST', cancel!, { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SHOP}cancel?cart=7&paymentRequestId=${request.id}`);
    const after = await getRequest(request.id);
    expect([after.status, after.cancellationReason]).toEqual(['cancelled', 'CANCELLED_BY_PATRON']);
    const activities = (
      await api('GET', `/api/payment-requests/${request.id}/activities`, { key: merchant.owner.apiKey })
    ).body.items;
    expect(activities[0]).toMatchObject({
      type: 'cancellation',
      cancellationReason: 'CANCELLED_BY_PATRON',
      createdBy: 'crn::service:hosted-checkout',
    });
    // Again (a reload, a second click): still to the cancel URL, nothing more written.
    const again = await raw('POST', cancel!);
    expect([again.status, again.headers.get('location')]).toEqual([303, res.headers.get('location')]);
    expect(
      (await api('GET', `/api/payment-requests/${request.id}/activities`, { key: merchant.owner.apiKey })).body.items,
    ).toHaveLength(activities.length);
  });

  it('needs the token of this request and this action, from this site, by POST', async () => {
    const request = await newRequest();
    const another = await newRequest();
    const path = `/pay/${request.id}/cancel`;
    const attempts: [string, Awaited<ReturnType<typeof raw>>][] = [
      ['no token', await raw('POST', path)],
      ['forged token', await raw('POST', `${path}?token=${'A'.repeat(43)}`)],
      ['test-pay token', await raw('POST', `${path}?token=${await checkoutToken('test-pay', request.id)}`)],
      ["another request's token", await raw('POST', (await page(another.id)).cancel!.replace(another.id, request.id))],
      ['cross-site form', await raw('POST', (await page(request.id)).cancel!, { 'sec-fetch-site': 'cross-site' })],
      ['GET', await raw('GET', (await page(request.id)).cancel!)],
    ];
    expect(attempts.map(([name, res]) => [name, res.status])).toEqual([
      ['no token', 400],
      ['forged token', 403],
      ['test-pay token', 403],
      ["another request's token", 403],
      ['cross-site form', 403],
      ['GET', 404],
    ]);
    expect((await getRequest(request.id)).status).toBe('new');
  });

  it('leaves a request something was paid towards to the merchant, and a paid one goes back to its page', async () => {
    // A multi-asset payment leaves the request `new` with part of it paid.
    const partial = await newRequest();
    const payer = await newPayer('5000');
    expect((await pay(payer, partial.id, 'part-1', { mode: 'multi-asset-payment', amount: '400' })).status).toBe(200);
    expect(await page(partial.id)).toMatchObject({ cancel: undefined });
    const refused = await raw('POST', `/pay/${partial.id}/cancel?token=${await checkoutToken('cancel', partial.id)}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('only the merchant can cancel it now');
    expect((await getRequest(partial.id)).status).toBe('new');

    const paid = await newRequest();
    const { cancel } = await page(paid.id);
    expect((await pay(payer, paid.id, 'paid-1')).status).toBe(200);
    const res = await raw('POST', cancel!);
    expect([res.status, res.headers.get('location')]).toEqual([303, `/pay/${paid.id}`]);
    expect((await getRequest(paid.id)).status).toBe('paid');
  });
});

describe('paying with the test wallet', () => {
  it(
    'pays through the real pay path from the platform’s test wallet, funded by a test top-up of exactly the ' +
      'amount',
    async () => {
      const request = await newRequest();
      const settlement = await balance(merchant.owner.apiKey, merchant.settlementWalletId);
      const { testPay } = await page(request.id);
      const res = await raw('POST', testPay!, { 'sec-fetch-site': 'same-origin' });
      expect([res.status, res.headers.get('location')]).toEqual([303, `/pay/${request.id}`]);

      const after = await getRequest(request.id);
      expect([after.status, after.remainingAmount]).toEqual(['paid', '0']);
      expect(BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId)) - BigInt(settlement)).toBe(
        1000n,
      );
      const activities = (
        await api('GET', `/api/payment-requests/${request.id}/activities`, { key: merchant.owner.apiKey })
      ).body.items;
      expect(activities.map((a: { type: string }) => a.type)).toEqual(['paid', 'payment', 'request']);
      expect(activities[1]).toMatchObject({
        createdBy: 'crn::service:hosted-checkout',
        idempotencyKey: `hosted-checkout:${request.id}`,
        value: nzd('1000'),
      });

      // The test wallet: the platform's, test liveness, credited by a test top-up and debited by this payment, the same
      // amount.
      const ref = await db().send(
        new GetCommand({
          TableName: config().tableName,
          Key: { PK: 'HOSTEDCHECKOUT#TESTPAYER', SK: 'WALLET#svc.nzd.test' },
        }),
      );
      const walletId = ref.Item!.id as string;
      const wallet = await api('GET', `/api/assets/${walletId}`, { key: seed().operatorApiKey });
      expect(wallet.body).toMatchObject({ liveness: 'test', settlement: false, type: 'svc.nzd.test' });
      // The wallet's history: transfers debiting it on GSI1, crediting it on GSI2 (core/ledger/history.ts).
      const sides = await Promise.all(
        (['GSI1', 'GSI2'] as const).map((index) =>
          db().send(
            new QueryCommand({
              TableName: config().tableName,
              IndexName: index,
              KeyConditionExpression: `${index}PK = :pk`,
              ExpressionAttributeValues: { ':pk': `ASSETTXN#${walletId}` },
            }),
          ),
        ),
      );
      const payer = await db().send(
        new GetCommand({ TableName: config().tableName, Key: { PK: 'HOSTEDCHECKOUT#TESTPAYER', SK: 'ACCOUNT' } }),
      );
      // The top-up's id derives from its idempotency scope: the test payer account, the operation, the key.
      const topupId = derivedId(
        undefined,
        payer.Item!.id as string,
        'createTestTopup',
        `hosted-checkout:${request.id}:1000`,
        'topup',
      );
      const items = sides.flatMap((side) => side.Items ?? []);
      expect(items.filter((e) => e.paymentRequestId === request.id).map((e) => [e.kind, e.amount])).toEqual([
        ['payment', '1000'],
      ]);
      expect(items.filter((e) => e.topupId === topupId).map((e) => [e.kind, e.amount])).toEqual([
        ['test-topup', '1000'],
      ]);

      // A second click replays: one payment.
      const again = await raw('POST', testPay!);
      expect([again.status, again.headers.get('location')]).toEqual([303, `/pay/${request.id}`]);
      expect(
        (await api('GET', `/api/payment-requests/${request.id}/activities`, { key: merchant.owner.apiKey })).body.items,
      ).toHaveLength(3);
    },
  );

  it('is refused for a live request whatever token comes with it, and for a cancelled one', async () => {
    const live = await newAccount({ test: false });
    const created = await api('POST', '/api/merchants', {
      key: live.apiKey,
      body: { accountId: live.accountId, name: 'Live Cafe', country: 'NZ', test: false },
    });
    const configured = await api('POST', `/api/merchants/${created.body.id}/configs`, {
      key: live.apiKey,
      body: { paymentOptions: [{ type: 'svc.nzd.main' }] },
    });
    const request = (
      await api('POST', '/api/payment-requests', {
        key: live.apiKey,
        body: { configId: configured.body.id, value: nzd('1000') },
      })
    ).body;
    expect(request.liveness).toBe('main');
    const shown = await page(request.id);
    expect(shown.testPay).toBeUndefined();
    expect(shown.text).not.toContain('Test mode');
    const res = await raw('POST', `/pay/${request.id}/test-pay?token=${await checkoutToken('test-pay', request.id)}`);
    expect(res.status).toBe(403);
    expect(res.text).toContain('Test payments only');
    expect((await api('GET', `/api/payment-requests/${request.id}`, { key: live.apiKey })).body.status).toBe('new');

    const cancelled = await newRequest();
    const { testPay, cancel } = await page(cancelled.id);
    expect((await raw('POST', cancel!)).status).toBe(303);
    const refused = await raw('POST', testPay!);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('This payment request was cancelled.');
  });
});
