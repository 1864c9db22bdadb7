import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { api, newAccount, platformUrl, type TestAccount } from '../support/api';
import {
  axeViolations,
  browserSuite,
  CHROMIUM,
  openPage as openBrowserPage,
  suiteName,
  type PageGlobal,
} from '../support/browser';
import { newPayer, type Payer } from '../support/payments';
import { joinByInvitation, newUser } from '../support/users';
import { collectionManager, newCollection, newToken, ok, sendAsset } from '../support/value';

/**
 * The claim page an asset transfer's `url` opens, in headless Chromium: what was sent and by whom;
 * "Claim as test identity" once, and a second claim told it was already claimed; a signed-in user
 * claiming into their account with their access token; a cancelled transfer; the 404 page. Every page
 * passes axe-core's WCAG 2.2 AA checks and runs with no CSP violation or script error. Screenshots go to
 * test-artifacts/claim-page/ (gitignored); DOCS_SCREENSHOT=1 also rewrites docs/claim-page.png.
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'claim-page');
const suite = browserSuite('claim page');

jest.setTimeout(60_000);

suite(suiteName('asset transfer claim page in headless Chromium'), () => {
  let browser: Browser;
  let sender: Payer;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [browser, sender] = await Promise.all([
      chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }),
      newPayer('100000'),
    ]);
    await ok(api('PUT', `/api/accounts/${sender.accountId}`, { key: sender.apiKey, body: { name: 'Harbour Cafe' } }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** NZ$20.00 shared as NZ$5.00 a claim: money has a claim page only as a multi-claim transfer. */
  const shared = async () =>
    ok(
      sendAsset(sender, {
        assetId: sender.walletId,
        value: '2000',
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '500' } },
        message: 'Coffee on us',
        senderName: 'The Harbour team',
        description: 'Loyalty reward',
      }),
      'shared transfer',
    );

  /** A gift card token sent whole to whoever claims it first. */
  const giftCard = async () => {
    const issuer = await collectionManager();
    const collection = await newCollection(issuer, { name: '$60 Gift card' });
    const token = await newToken(issuer, collection.id);
    return ok(sendAsset(issuer, { assetId: token.id }), 'token transfer');
  };

  const read = async (id: string) => (await api('GET', `/api/asset-transfers/${id}`, { key: sender.apiKey })).body;

  async function expectAccessible(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
  }

  it('shows what was sent and by whom, and claims as the test identity once', async () => {
    const transfer = await shared();
    const { page, problems } = await openBrowserPage(browser);
    const response = await page.goto(transfer.url);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour Cafe');
    expect(await page.locator('.amount').textContent()).toBe('NZ$20.00');
    expect(await page.getByRole('status').textContent()).toBe('Ready to claim.');
    const details = await page.locator('.details > *').allTextContents();
    expect(details).toEqual([
      ...['Asset type', 'svc.nzd.test', 'Description', 'Loyalty reward', 'From', 'The Harbour team'],
      ...['Message', 'Coffee on us', 'Each claim', 'NZ$5.00', 'Left to claim', 'NZ$20.00'],
      'Claim by',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
    ]);
    // Nothing of the accounts or assets involved is on the page.
    const html = await page.content();
    for (const secret of [sender.accountId, sender.walletId]) expect(html).not.toContain(secret);
    for (const landmark of ['banner', 'main'] as const) expect(await page.getByRole(landmark).count()).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: join(ARTIFACTS, '01-claim-page.png'), fullPage: true });
    // The picture in docs/api/asset-transfers.md: DOCS_SCREENSHOT=1 npx jest --selectProjects api --
    // test/browser/claim-page.test.ts
    if (process.env.DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: join(__dirname, '..', '..', 'docs', 'claim-page.png'), fullPage: true });

    await page.getByRole('button', { name: 'Claim as test identity' }).click();
    await page.waitForSelector('#message');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Claimed');
    expect(await page.locator('#message p').first().textContent()).toBe(
      "It is now in the test identity's account. NZ$15.00 is left to claim.",
    );
    await expectAccessible(page);
    await page.screenshot({ path: join(ARTIFACTS, '02-claimed-as-test-identity.png'), fullPage: true });
    expect(await read(transfer.id)).toMatchObject({ status: 'created', remainingValue: '1500' });

    await page.getByRole('link', { name: 'Back to the transfer' }).click();
    await page.waitForSelector('#transfer');
    expect(await page.locator('.details > *').allTextContents()).toContain('NZ$15.00');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a token is claimed once: a second claim from a page opened before says it was already claimed', async () => {
    const transfer = await giftCard();
    const [first, second] = [await openBrowserPage(browser), await openBrowserPage(browser)];
    await first.page.goto(transfer.url);
    await second.page.goto(transfer.url);
    expect(await first.page.locator('.amount').textContent()).toBe('$60 Gift card');
    await expectAccessible(first.page);

    await first.page.getByRole('button', { name: 'Claim as test identity' }).click();
    await first.page.waitForSelector('#message');
    expect(await first.page.getByRole('heading', { level: 1 }).textContent()).toBe('Claimed');

    const refused = second.page.waitForResponse((r) => r.url().includes('/test-claim'));
    await second.page.getByRole('button', { name: 'Claim as test identity' }).click();
    expect((await refused).status()).toBe(403);
    await second.page.waitForSelector('#message');
    expect(await second.page.getByRole('heading', { level: 1 }).textContent()).toBe('Already claimed');
    expect(await second.page.locator('#message p').first().textContent()).toBe(
      'This transfer has already been claimed.',
    );
    await expectAccessible(second.page);

    const issuerRead = await api('GET', `/api/asset-transfers/${transfer.id}/summary`);
    expect(issuerRead.body.status).toBe('claimed');
    // The page now says so, and offers no claim.
    await second.page.goto(transfer.url);
    expect(await second.page.getByRole('status').textContent()).toBe('This transfer has already been claimed.');
    expect(await second.page.getByRole('button').count()).toBe(0);
    expect(first.problems).toEqual([]);
    // The browser's own report of the 403 answer is expected; nothing else.
    expect(second.problems.filter((p) => !p.includes('403'))).toEqual([]);
    await Promise.all([first.page.close(), second.page.close()]);
  });

  it('a signed-in user claims into the account they act in with their access token; again is refused', async () => {
    const transfer = await giftCard();
    const [user, account] = await Promise.all([newUser(), newAccount()]);
    await joinByInvitation(account, user, 'account-owner');
    const [{ page, problems }, later] = [await openBrowserPage(browser), await openBrowserPage(browser)];
    await page.goto(transfer.url);
    await later.page.goto(transfer.url);

    // A token that is not one: refused, said so, nothing claimed.
    await claimWith(page, 'not-a-token');
    await statusOtherThan(page, 'Ready to claim.');
    expect(await page.getByRole('status').textContent()).toBe(
      'That access token was not accepted: sign in again and use a fresh one.',
    );

    await claimWith(page, user.token, account.accountId);
    await page.waitForSelector('main[data-status="claimed"]');
    expect(await page.getByRole('status').textContent()).toBe('Claimed: it is now in your account.');
    expect(await page.locator('#signed-in').isHidden()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: join(ARTIFACTS, '03-claimed-signed-in.png'), fullPage: true });
    expect(await claimedBy(transfer.id, account)).toBe(account.accountId);

    // The same claim from a page opened before: refused for its state (the claim route's documented code),
    // and the page says which state that is.
    await claimWith(later.page, user.token, account.accountId);
    await later.page.waitForSelector('main[data-status="claimed"]');
    expect(await later.page.getByRole('status').textContent()).toBe('This transfer has already been claimed.');
    expect(await claimedBy(transfer.id, account)).toBe(account.accountId);
    // The browser's own reports of the 401 and 403 answers are expected; nothing else.
    expect([...problems, ...later.problems].filter((p) => !/40[13]/.test(p))).toEqual([]);
    await Promise.all([page.close(), later.page.close()]);
  });

  it('a cancelled transfer says so and offers no claim; an unknown id is a 404 page', async () => {
    const transfer = await shared();
    await ok(api('POST', `/api/asset-transfers/${transfer.id}/cancel`, { key: sender.apiKey }));
    const { page, problems } = await openBrowserPage(browser);
    await page.goto(transfer.url);
    expect(await page.getByRole('status').textContent()).toBe(
      'The sender cancelled this transfer: there is nothing to claim.',
    );
    expect(await page.getByRole('button').count()).toBe(0);
    await expectAccessible(page);

    for (const id of ['zzNoSuchId0000000000000', 'not an id', 'x'.repeat(300)]) {
      const response = await page.goto(`${platformUrl()}/transfer/${encodeURIComponent(id)}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Transfer not found');
    }
    await expectAccessible(page);
    await page.screenshot({ path: join(ARTIFACTS, '04-not-found.png') });
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.close();
  });
});

async function claimWith(page: Page, token: string, accountId?: string) {
  await page.getByLabel('Access token').fill(token);
  if (accountId) await page.getByLabel('Account id (optional)').fill(accountId);
  await page.getByRole('button', { name: 'Claim into my account' }).click();
}

const statusOtherThan = (page: Page, text: string) =>
  page.waitForFunction(
    (shown) => (globalThis as unknown as PageGlobal).document.getElementById('status')!.textContent !== shown,
    text,
  );

/** Who claimed a transfer, as the claimant's own listing of received transfers shows it. */
async function claimedBy(transferId: string, account: TestAccount): Promise<string | undefined> {
  const received = await api('GET', `/api/asset-transfers?recipientAccountId=${account.accountId}`, {
    key: account.apiKey,
  });
  return received.body.items.find((t: { id: string }) => t.id === transferId)?.claimedByAccountId;
}
