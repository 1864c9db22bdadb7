import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { api, FORBIDDEN, newAccount, type TestAccount, type Json } from '../support/api';
import { browserSuite, CHROMIUM, openPage, suiteName } from '../support/browser';
import { newBankAccount } from '../support/bank';
import { ok } from '../support/value';

/**
 * The simulated bank's consent flow in a real headless browser: create an intent → open its
 * authorizationUrl → Approve → the browser lands on the return page with the one-time code, which
 * authorizes the intent; Decline → the return page says so and authorize answers AUTHORIZATION_FAILED.
 * No CSP violation or script error on the way. Screenshots go to test-artifacts/bank-consent/
 * (gitignored). Without a Chromium the suite is skipped with the reason (test/support/browser.ts).
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'bank-consent');
const suite = browserSuite('bank consent');

jest.setTimeout(60_000);

suite(suiteName('bank consent pages in headless Chromium'), () => {
  let browser: Browser;
  let owner: TestAccount;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [browser, owner] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }),
      newAccount(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const newIntent = (body: Record<string, unknown> = {}) =>
    ok(
      api('POST', '/api/bank-account-connection-intents', {
        key: owner.apiKey,
        body: { accountId: owner.accountId, type: 'account-information-consent', test: true, ...body },
      }),
    );
  const authorize = (id: string, code: string) =>
    api('POST', `/api/bank-account-connection-intents/${id}/authorize`, { key: owner.apiKey, body: { code } });

  it('approve: the browser returns with a code that authorizes the intent', async () => {
    const bank = await newBankAccount(owner);
    const intent = await newIntent({
      type: 'enduring-payment-consent',
      bankAccountId: bank.id,
      name: 'Groceries',
      period: 'weekly',
      totalAmount: '25000',
    });
    const { page, problems } = await openPage(browser);
    expect((await page.goto(intent.authorizationUrl))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Allow access to your bank account?');
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      expect(await page.getByRole(landmark).count()).toBe(1);
    expect(await page.getByRole('main').textContent()).toContain(
      `make payments from bank account ${bank.bankAccountNumber}, up to NZ$250.00 each week`,
    );
    await page.screenshot({ path: join(ARTIFACTS, '01-consent.png'), fullPage: true });

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/complete\?code=/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Consent given');
    const code = await page.locator('#authorization-code').textContent();
    expect(code).toBe(new URL(page.url()).searchParams.get('code'));
    await page.screenshot({ path: join(ARTIFACTS, '02-consent-given.png'), fullPage: true });
    expect((await authorize(intent.id, code!)).body).toEqual({});
    const approvals = await ok(api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: owner.apiKey }));
    expect(approvals.items.map((a: Json) => [a.type, a.status])).toEqual([['enduring-payment-consent', 'approved']]);

    // Back on the consent page: answered.
    await page.goto(intent.authorizationUrl);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Already answered');
    expect(problems).toEqual([]);
  });

  it('decline: the browser returns without a code and the intent fails', async () => {
    const intent = await newIntent();
    const { page, problems } = await openPage(browser);
    await page.goto(intent.authorizationUrl);
    expect(await page.getByRole('main').textContent()).toContain(
      'read the details of a bank account you choose to share',
    );
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/complete\?error=access_denied/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Consent declined');
    expect(await page.locator('#authorization-code').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, '03-consent-declined.png'), fullPage: true });
    expect((await authorize(intent.id, 'anything')).body).toEqual({ ...FORBIDDEN, message: 'AUTHORIZATION_FAILED' });
    expect(problems).toEqual([]);
  });

  it('an unknown intent answers a 404 page', async () => {
    const { page, problems } = await openPage(browser);
    expect(
      (
        await page.goto(`${new URL((await newIntent()).authorizationUrl).origin}/bank-consent/zzNoSuchIntent00000000`)
      )?.status(),
    ).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Consent request not found');
    // The browser logs the document's own 404; nothing else may go wrong.
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  });
});
