import { testClaimToken } from '../../functions/asset-transfers/claim-page-token';
import { config } from '../../functions/core/config';
import { api, platformUrl } from '../support/api';
import { newPaymentLink } from '../support/channels';
import { balances, newMerchant, newPayer, newPaymentRequest, type Payer } from '../support/payments';
import { collectionManager, newCollection, newToken, ok, sendAsset, uniqueEmail } from '../support/value';

/**
 * The claim page and the payment link page over HTTP (the browser flows are in test/browser/): where
 * the URLs the API gives lead, what the pages show and refuse, the test claim's guards and that it
 * claims once. Unknown and malformed ids are 404 pages, never a 5xx.
 */

/** A raw request that keeps the HTML and the headers. */
async function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${platformUrl()}${path}`, { method, headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A path on the platform from a URL the API gave. */
const pathOf = (url: string) => new URL(url).pathname;

const MALFORMED = ['zzNoSuchId0000000000000', 'not%20an%20id', 'x'.repeat(300), '%3Cscript%3E'];

describe('the claim page', () => {
  let sender: Payer;
  beforeAll(async () => {
    sender = await newPayer('100000');
  });

  const shared = (body: Record<string, unknown> = {}, from: Payer = sender) =>
    ok(
      sendAsset(from, {
        assetId: from.walletId,
        value: '1000',
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '1000' } },
        message: '<b>Thanks</b>',
        ...body,
      }),
      'transfer',
    );

  /** The claim page of a transfer, with its test claim action when it offers one. */
  async function claimPage(id: string) {
    const res = await raw('GET', `/transfer/${id}`);
    const action = new RegExp(`action="(/transfer/${id}/test-claim\\?token=[^"]+)"`).exec(res.text)?.[1];
    return { ...res, testClaim: action?.replace(/&amp;/g, '&') };
  }

  it('answers at the url the API gives, as a page with a CSP of its own, escaping what the sender wrote', async () => {
    const transfer = await shared();
    expect(transfer.url).toBe(`${config().appBaseUrl}/transfer/${transfer.id}`);
    const page = await claimPage(transfer.id);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.text).toContain(`<script nonce="${nonce}">`);
    expect(page.text).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(page.text).not.toContain('<b>Thanks</b>');
    expect(page.text).not.toContain(sender.accountId);
    expect(page.testClaim).toBeDefined();
  });

  it('is a 404 page for unknown and malformed ids', async () => {
    for (const id of MALFORMED) {
      const res = await raw('GET', `/transfer/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.text).toContain('<h1>Transfer not found</h1>');
      // The test claim checks its token before it reads anything.
      const post = await raw('POST', `/transfer/${id}/test-claim?token=x`);
      expect({ id, status: post.status }).toEqual({ id, status: 403 });
    }
  });

  it('shows a transfer sent to an email, masked, with no test claim: only that person may claim it', async () => {
    const email = uniqueEmail();
    const aliased = await ok(sendAsset(sender, { assetId: sender.walletId, value: '5', recipientAlias: email }));
    expect(aliased.url.endsWith(`/transfer/${aliased.id}`)).toBe(true);
    const res = await raw('GET', `/transfer/${aliased.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<dt>Sent to</dt>');
    expect(res.text).not.toContain(email);
    expect(res.text).not.toContain('id="test-claim"');
  });

  it('claims as the test identity once: refused cross-site, with no token, another transfer’s token', async () => {
    const own = await newPayer('5000');
    const [transfer, other] = await Promise.all([shared({}, own), shared()]);
    const { testClaim } = await claimPage(transfer.id);
    const otherToken = new URL(`${platformUrl()}${(await claimPage(other.id)).testClaim}`).searchParams.get('token')!;
    const refusals = [
      ['cross-site', await raw('POST', testClaim!, { 'sec-fetch-site': 'cross-site' }), 403, 'Not allowed'],
      ['bad token', await raw('POST', `/transfer/${transfer.id}/test-claim?token=forged`), 403, 'Link not valid'],
      [
        'another transfer’s token',
        await raw('POST', `/transfer/${transfer.id}/test-claim?token=${encodeURIComponent(otherToken)}`),
        403,
        'Link not valid',
      ],
    ] as const;
    for (const [what, res, status, title] of refusals) {
      expect({ what, status: res.status, title: /<h1>([^<]*)<\/h1>/.exec(res.text)?.[1] }).toEqual({
        what,
        status,
        title,
      });
    }
    expect((await raw('POST', `/transfer/${transfer.id}/test-claim`)).status).toBe(400);
    // Held from creation, nothing claimed yet.
    expect(await balances(own.apiKey, own.walletId)).toEqual({ balance: '5000', available: '4000' });

    const first = await raw('POST', testClaim!, { 'sec-fetch-site': 'same-origin' });
    expect(first.status).toBe(200);
    expect(first.text).toContain('<h1>Claimed</h1>');
    const second = await raw('POST', testClaim!, { 'sec-fetch-site': 'same-origin' });
    expect(second.status).toBe(403);
    expect(second.text).toContain('<h1>Already claimed</h1>');
    expect(second.text).toContain('This transfer has already been claimed.');
    expect((await api('GET', `/api/asset-transfers/${transfer.id}`, { key: own.apiKey })).body).toMatchObject({
      status: 'claimed',
      remainingValue: '0',
    });
    // Posted once: the sender's balance fell by the value, and only once.
    expect(await balances(own.apiKey, own.walletId)).toEqual({ balance: '4000', available: '4000' });
  });

  it('claims into one test identity, a test account of the platform’s, whoever opens the page', async () => {
    const issuer = await collectionManager();
    const collection = await newCollection(issuer, { name: 'Gift card' });
    const claimedBy = async () => {
      const transfer = await ok(sendAsset(issuer, { assetId: (await newToken(issuer, collection.id)).id }));
      expect((await raw('POST', (await claimPage(transfer.id)).testClaim!)).status).toBe(200);
      return (await api('GET', `/api/asset-transfers/${transfer.id}`, { key: issuer.apiKey })).body.claimedByAccountId;
    };
    const [first, second] = [await claimedBy(), await claimedBy()];
    expect(first).toEqual(expect.any(String));
    expect(second).toBe(first);
    expect(first).not.toBe(issuer.accountId);
  });

  it('a live transfer offers no test claim, and one is refused whatever token comes with it', async () => {
    const issuer = await collectionManager({ test: false });
    const collection = await newCollection(issuer, { name: 'Live gift card' });
    const token = await newToken(issuer, collection.id);
    const transfer = await ok(sendAsset(issuer, { assetId: token.id }), 'live transfer');
    const page = await claimPage(transfer.id);
    expect(page.status).toBe(200);
    expect(page.testClaim).toBeUndefined();
    expect(page.text).toContain('Claim into my account');
    const res = await raw(
      'POST',
      `/transfer/${transfer.id}/test-claim?token=${encodeURIComponent(await testClaimToken(transfer.id))}`,
    );
    expect(res.status).toBe(403);
    expect(res.text).toContain('<h1>Test transfers only</h1>');
    expect((await api('GET', `/api/asset-transfers/${transfer.id}/summary`)).body.status).toBe('created');
  });
});

describe('the payment link page', () => {
  it('answers at the url the API gives: nothing to pay, then the current request, then nothing to pay', async () => {
    const merchant = await newMerchant();
    const key = merchant.owner.apiKey;
    const link = await newPaymentLink(key, merchant.merchantId, 'Front counter');
    expect(link.url).toBe(`${config().appBaseUrl}/payment-link/${link.id}`);
    expect((await api('GET', `/api/payment-links/${link.id}`, { key })).body.url).toBe(link.url);

    const empty = await raw('GET', pathOf(link.url));
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(empty.text).toContain('Nothing to pay');
    expect(empty.text).not.toContain('<script');

    const request = await newPaymentRequest(merchant, {
      paymentLinkId: link.id,
      value: { currency: 'NZD', amount: '1250' },
    });
    const due = await raw('GET', pathOf(link.url));
    expect(due.text).toContain('NZ$12.50');
    expect(due.text).toContain(`href="${request.url}"`);
    expect(due.text).not.toContain('Nothing to pay');

    await ok(api('POST', `/api/payment-requests/${request.id}/cancel`, { key }), 'cancel');
    expect((await raw('GET', pathOf(link.url))).text).toContain('Nothing to pay');
  });

  it('is a 404 page for unknown, malformed and archived links', async () => {
    const merchant = await newMerchant();
    const link = await newPaymentLink(merchant.owner.apiKey, merchant.merchantId, 'Old counter');
    await ok(api('POST', `/api/payment-links/${link.id}/archive`, { key: merchant.owner.apiKey }), 'archive');
    for (const id of [...MALFORMED, 'pl_zzNoSuchId0000000000000', link.id]) {
      const res = await raw('GET', `/payment-link/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.text).toContain('<h1>Payment link not found</h1>');
    }
  });
});
