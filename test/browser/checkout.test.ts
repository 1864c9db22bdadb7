import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { api } from '../support/api';
import { browserSuite, CHROMIUM, openPage as openBrowserPage, suiteName, type PageGlobal } from '../support/browser';
import { advanceClock } from '../support/clock';
import { newMerchant, newPayer, newPaymentRequest, pay, type MerchantSetup } from '../support/payments';

/**
 * The hosted checkout in a real headless browser (Debian's chromium, driven by playwright-core):
 * create a request → open its `url` → pay with the test wallet → the browser lands on
 * `redirectPaidUrl`; cancel → it lands on `redirectCancelUrl`; a wallet app paying while the page is
 * open; the 404 page. Screenshots go to test-artifacts/hosted-checkout/ (gitignored).
 * Without a Chromium the suite is skipped with the reason (test/support/browser.ts).
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'hosted-checkout');
const suite = browserSuite('hosted checkout');

jest.setTimeout(60_000);

suite(suiteName('hosted checkout in headless Chromium'), () => {
  let browser: Browser;
  let shop: Server;
  let shopUrl: string;
  let merchant: MerchantSetup;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // The merchant's shop: the pages redirectPaidUrl and redirectCancelUrl name.
    shop = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://shop');
      const title =
        url.pathname === '/paid'
          ? 'Thank you for your order'
          : url.pathname === '/cancelled'
            ? 'Order cancelled'
            : 'Shop';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1><p ` +
          `id="request">${url.searchParams.get('paymentRequestId') ?? ''}</p></html>`,
      );
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    [browser, merchant] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }),
      newMerchant({ allowedRedirectUrls: [`${shopUrl}/`] }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => shop?.close(resolve));
  });

  const newRequest = () =>
    newPaymentRequest(merchant, {
      value: { currency: 'NZD', amount: '1250' },
      expirySeconds: 900,
      lineItems: [
        { name: 'Flat white', qty: '2', unitPrice: '500' },
        { name: 'Blueberry muffin', qty: '1', price: '250' },
      ],
      redirectPaidUrl: `${shopUrl}/paid`,
      redirectCancelUrl: `${shopUrl}/cancelled`,
    });

  const openPage = () => openBrowserPage(browser);

  const statusOf = async (id: string) =>
    (await api('GET', `/api/payment-requests/${id}`, { key: merchant.owner.apiKey })).body;

  it('create → open url → pay with test wallet → lands on redirectPaidUrl', async () => {
    const request = await newRequest();
    const { page, problems } = await openPage();
    const response = await page.goto(request.url);
    expect(response?.status()).toBe(200);

    // What the shopper sees, by role and name as assistive technology finds it.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Test Cafe');
    expect(await page.locator('.amount').textContent()).toBe('NZ$12.50');
    expect(await page.getByRole('status').textContent()).toBe('Waiting for payment.');
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      expect(await page.getByRole(landmark).count()).toBe(1);
    expect(await page.getByRole('row').allTextContents()).toEqual([
      'ItemQtyPrice',
      'Flat white2NZ$10.00',
      'Blueberry muffin1NZ$2.50',
    ]);
    expect(
      await page
        .getByRole('img', { name: /QR code/ })
        .locator('svg')
        .count(),
    ).toBe(1);
    expect(await page.locator('footer .code').textContent()).toBe(request.shortCode);
    // The countdown runs.
    const countdown = page.getByRole('timer');
    const first = await countdown.textContent();
    expect(first).toMatch(/^1[45]:\d\d$/);
    await page.waitForFunction(
      (shown) => (globalThis as unknown as PageGlobal).document.getElementById('countdown')!.textContent !== shown,
      first,
    );

    await page.screenshot({ path: join(ARTIFACTS, '01-checkout-test-mode.png'), fullPage: true });
    // The picture in docs/api/hosted-checkout.md: DOCS_SCREENSHOT=1 npx jest --selectProjects api --
    // test/browser/checkout.test.ts
    if (process.env.DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: join(__dirname, '..', '..', 'docs', 'hosted-checkout.png'), fullPage: true });

    await page.getByRole('button', { name: 'Pay with test wallet' }).click();
    // Back on the page, paid, announced in the live region, then on to the merchant.
    await page.waitForSelector('main[data-status="paid"]');
    expect(await page.getByRole('status').textContent()).toMatch(/^Paid\./);
    await page.screenshot({ path: join(ARTIFACTS, '02-paid.png'), fullPage: true });
    await page.waitForURL(`${shopUrl}/paid?paymentRequestId=${request.id}`);
    expect(await page.locator('h1').textContent()).toBe('Thank you for your order');
    await page.screenshot({ path: join(ARTIFACTS, '03-landed-on-redirect-paid-url.png') });

    expect(await statusOf(request.id)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('cancel → lands on redirectCancelUrl, and the request is cancelled by the patron', async () => {
    const request = await newRequest();
    const { page, problems } = await openPage();
    await page.goto(request.url);
    await page.getByRole('button', { name: 'Cancel and return to the merchant' }).click();
    await page.waitForURL(`${shopUrl}/cancelled?paymentRequestId=${request.id}`);
    expect(await page.locator('h1').textContent()).toBe('Order cancelled');
    await page.screenshot({ path: join(ARTIFACTS, '04-landed-on-redirect-cancel-url.png') });
    expect(await statusOf(request.id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'CANCELLED_BY_PATRON',
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it(
    'live status: a wallet app pays while the page is ' + 'open → the page says so and goes to redirectPaidUrl',
    async () => {
      const request = await newRequest();
      const payer = await newPayer('5000');
      const { page, problems } = await openPage();
      await page.goto(request.url);
      expect((await pay(payer, request.id, 'wallet-app-pay')).status).toBe(200);
      await page.waitForFunction(() =>
        (globalThis as unknown as PageGlobal).document.getElementById('status')!.textContent.startsWith('Paid.'),
      );
      expect(await page.locator('#actions').isHidden()).toBe(true);
      await page.waitForURL(`${shopUrl}/paid?paymentRequestId=${request.id}`);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('live status: the merchant cancels while the page is open → cancelled, actions gone, a way back', async () => {
    const request = await newRequest();
    const { page, problems } = await openPage();
    await page.goto(request.url);
    expect(
      (await api('POST', `/api/payment-requests/${request.id}/cancel`, { key: merchant.owner.apiKey })).status,
    ).toBe(200);
    await page.waitForSelector('main[data-status="cancelled"]');
    expect(await page.getByRole('status').textContent()).toBe('This payment request was cancelled.');
    expect(await page.locator('#actions').isHidden()).toBe(true);
    expect(await page.locator('#expiry').isHidden()).toBe(true);
    expect(await page.getByRole('img', { name: /QR code/ }).isHidden()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to the merchant' }).getAttribute('href')).toBe(
      `${shopUrl}/cancelled?paymentRequestId=${request.id}`,
    );
    await page.screenshot({ path: join(ARTIFACTS, '05-cancelled-live.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it(
    'live status: the merchant’s test clock passes the expiry ' + 'while the page is open → expired, with the way back',
    async () => {
      // A merchant of its own: the test clock is per account.
      const own = await newMerchant({ allowedRedirectUrls: [`${shopUrl}/`] });
      const request = await newPaymentRequest(own, { expirySeconds: 600, redirectCancelUrl: `${shopUrl}/cancelled` });
      const { page, problems } = await openPage();
      await page.goto(request.url);
      expect(await page.getByRole('timer').textContent()).toMatch(/^(9:\d\d|10:00)$/);
      await advanceClock(own.owner.accountId, 601);
      await page.waitForSelector('main[data-status="expired"]');
      expect(await page.getByRole('status').textContent()).toBe('This payment request has expired.');
      expect(await page.locator('#actions').isHidden()).toBe(true);
      await page.getByRole('link', { name: 'Return to the merchant' }).click();
      await page.waitForURL(`${shopUrl}/cancelled?paymentRequestId=${request.id}`);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('an unknown id opens a 404 page', async () => {
    const { page, problems } = await openPage();
    const response = await page.goto(new URL('/pay/zzNoSuchId0000000000000', (await newRequest()).url).toString());
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment request not found');
    await page.screenshot({ path: join(ARTIFACTS, '06-not-found.png') });
    // The browser's own report of the 404 response is expected; nothing else.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.close();
  });
});
