import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { api, platformUrl } from '../support/api';
import { axeViolations, browserSuite, CHROMIUM, openPage, suiteName } from '../support/browser';
import { newPaymentLink } from '../support/channels';
import { newMerchant, newPaymentRequest } from '../support/payments';
import { ok } from '../support/value';

/**
 * The page a payment link's `url` opens, in headless Chromium: nothing to pay until the merchant makes
 * a request through the link; then the merchant and the amount, on to the hosted checkout, paid there
 * with the test wallet; then nothing to pay again. Archived and unknown links are 404 pages. Every page
 * passes axe-core's WCAG 2.2 AA checks and runs with no CSP violation or script error. Screenshots go to
 * test-artifacts/payment-link-page/ (gitignored); DOCS_SCREENSHOT=1 also rewrites docs/payment-link-page.png.
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'payment-link-page');
const suite = browserSuite('payment link page');

jest.setTimeout(60_000);

suite(suiteName('payment link page in headless Chromium'), () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('nothing to pay → the current request → its hosted checkout, paid → nothing to pay', async () => {
    const merchant = await newMerchant();
    const link = await newPaymentLink(merchant.owner.apiKey, merchant.merchantId, 'Front counter');
    const { page, problems } = await openPage(browser);

    expect((await page.goto(link.url))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Test Cafe');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Nothing to pay');
    expect(await page.getByRole('link').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '01-nothing-to-pay.png'), fullPage: true });

    const request = await newPaymentRequest(merchant, {
      paymentLinkId: link.id,
      value: { currency: 'NZD', amount: '1250' },
    });
    await page.reload();
    expect(await page.locator('.amount').textContent()).toBe('NZ$12.50');
    const toCheckout = page.getByRole('link', { name: 'Continue to payment' });
    expect(await toCheckout.getAttribute('href')).toBe(request.url);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '02-amount-due.png'), fullPage: true });
    // The picture in docs/api/sales-channels-and-links.md: DOCS_SCREENSHOT=1 npx jest --selectProjects api --
    // test/browser/payment-link-page.test.ts
    if (process.env.DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: join(__dirname, '..', '..', 'docs', 'payment-link-page.png'), fullPage: true });

    await toCheckout.click();
    await page.waitForURL(request.url);
    await page.getByRole('button', { name: 'Pay with test wallet' }).click();
    await page.waitForSelector('main[data-status="paid"]');
    const paid = await api('GET', `/api/payment-requests/${request.id}`, { key: merchant.owner.apiKey });
    expect(paid.body.status).toBe('paid');

    await page.goto(link.url);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Nothing to pay');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an archived or unknown link is a 404 page', async () => {
    const merchant = await newMerchant();
    const link = await newPaymentLink(merchant.owner.apiKey, merchant.merchantId, 'Old counter');
    await ok(api('POST', `/api/payment-links/${link.id}/archive`, { key: merchant.owner.apiKey }), 'archive');
    const { page, problems } = await openPage(browser);
    for (const url of [link.url, `${platformUrl()}/payment-link/pl_zzNoSuchId0000000000000`]) {
      expect((await page.goto(url))?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment link not found');
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '03-not-found.png') });
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.close();
  });
});
