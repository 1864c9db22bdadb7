import { join } from 'node:path';
import { api, newAccount, type TestAccount } from '../support/api';
import { axeViolations, browserSuite, openPage, suiteBrowser, suiteName } from '../support/browser';
import { bankAccountOf, bankReports, fund, newWallet, topUp, withdraw } from '../support/funds';
import { balances } from '../support/payments';
import { ok } from '../support/value';

/**
 * The simulated bank's statement page in a real headless browser: a test bank account's owner asks for
 * its statement → opens the signed link → reads the top up's code on the page → verifies the bank
 * account with it → the settled top up is credited. No CSP violation or script error, and no WCAG 2.2
 * AA violation axe-core finds. Screenshots go to test-artifacts/statement-page/ (gitignored); the one in
 * docs/api/bank-accounts-and-approvals.md is written with DOCS_SCREENSHOT=1. Without a Chromium the suite
 * is skipped with the reason (test/support/browser.ts).
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'statement-page');
const suite = browserSuite('statement page');

jest.setTimeout(60_000);

suite(suiteName('statement page in headless Chromium'), () => {
  const browser = suiteBrowser(ARTIFACTS);
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await newAccount();
  });

  const statement = (bankAccountId: string) =>
    ok(api('GET', `/api/bank-accounts/${bankAccountId}/statement`, { key: owner.apiKey }));

  const shows =
    'shows the transactions and their codes; the code read there verifies the bank account and credits the top up';
  it(shows, async () => {
    const wallet = await newWallet(owner);
    const bank = await bankAccountOf(owner, { verified: false });
    const topup = await ok(topUp(owner, wallet, bank.id, '2500'));
    expect((await bankReports(topup.id, 'settled')).body.status).toBe('settled');

    const { page, problems } = await openPage(browser());
    const opened = await page.goto((await statement(bank.id)).pageUrl);
    expect(opened?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bank statement');
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      expect(await page.getByRole(landmark).count()).toBe(1);
    expect(await page.getByRole('main').textContent()).toContain(bank.bankAccountNumber);
    // Newest first: the top up's direct debit, then the verification transaction of the registration.
    const rows = page.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Direct debit: wallet top up');
    expect(await rows.nth(0).locator('td.num').textContent()).toBe('\u2212NZD 25.00');
    expect(await rows.nth(1).textContent()).toContain('Verification transaction');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '01-statement.png'), fullPage: true });

    // The holder enters the code the page shows: the bank account is verified and the top up credited.
    const code = (await rows.nth(0).locator('td.code').textContent())!;
    expect(code).toMatch(/^[0-9]{4}$/);
    const verified = await api('POST', `/api/bank-accounts/${bank.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: code },
    });
    expect(verified.body).toEqual({ verificationCode: code });
    expect(await balances(owner.apiKey, wallet)).toEqual({ balance: '2500', available: '2500' });

    // A withdrawal to the verified bank account is paid in: a third line, newest first.
    await fund(owner, wallet, '10000');
    await ok(withdraw(owner, wallet, bank.id, '1250'));
    await page.goto((await statement(bank.id)).pageUrl);
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('td.num').textContent()).toBe('+NZD 12.50');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '02-statement-with-withdrawal.png'), fullPage: true });
    // The picture in docs/api/bank-accounts-and-approvals.md: DOCS_SCREENSHOT=1 npx jest --selectProjects api --
    // test/browser/statement-page.test.ts
    if (process.env.DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: join(__dirname, '..', '..', 'docs', 'statement-page.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('refuses an altered link with a page of its own, which shows nothing of the statement', async () => {
    const bank = await bankAccountOf(owner, { verified: false });
    const url = new URL((await statement(bank.id)).pageUrl);
    url.searchParams.set('token', 'A'.repeat(43));
    const { page, problems } = await openPage(browser());
    expect((await page.goto(url.toString()))?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Link not valid');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, '03-link-not-valid.png') });
    // The browser logs the document's own 403; nothing else may go wrong.
    expect(problems.filter((problem) => !problem.includes('status of 403'))).toEqual([]);
  });
});
