process.env.PAGE_KEY_SECRET ??= 'unit-test-page-key-secret';

import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import QRCode from 'qrcode';
import {
  checkoutCsp,
  renderCheckoutPage,
  renderMessagePage,
  type CheckoutRequest,
  type CheckoutView,
} from '../../functions/checkout/checkout-page';
import { checkoutToken, isCheckoutToken } from '../../functions/checkout/checkout-token';
import {
  formatMoney,
  refusesCrossSite,
  replyWith,
  withPageReplies,
  withPageReply,
} from '../../functions/core/http/page';
import { HOSTED_CHECKOUT, testAssetTypeOf } from '../../functions/checkout/checkout-test-payer';
import { Access } from '../../functions/core/auth/access';
import type { Account } from '../../functions/core/auth/account-directory';
import { ROLES, type PermissionMatrix, type Role } from '../../functions/core/auth/permissions';
import * as checkoutBuild from '../../functions/generated/checkout';
import * as paymentRequestsBuild from '../../functions/generated/payment-requests';
import { PERMISSIONS } from '../../functions/permissions';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  id: 'pr1234567890123456789a',
  merchantName: 'Test Cafe',
  value: { currency: 'NZD', amount: '1250' },
  status: 'new',
  shortCode: 'CP-X4V-6N',
  expiresAt: '2026-05-01T10:01:59.000Z',
  liveness: 'test',
  remainingAmount: '1250',
  paidAmount: '0',
  lineItems: [
    { name: 'Flat white', qty: '2', price: '1000' },
    { name: 'Muffin', qty: '1', price: '250' },
  ],
  ...overrides,
});
const view = (overrides: Partial<CheckoutView> = {}): CheckoutView => ({
  request: request(),
  now: NOW,
  nonce: 'bm9uY2Vub25jZW5vbmNl',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  returnUrls: {
    paid: 'https://shop.example.com/paid?paymentRequestId=pr1',
    cancel: 'https://shop.example.com/cancel?paymentRequestId=pr1',
  },
  tokens: { cancel: 'c-token', testPay: 't-token' },
  ...overrides,
});

describe('hosted checkout: money in the currency format', () => {
  it('formats minor units with the currency’s own decimals, exactly', () => {
    expect(formatMoney('NZD', '1250')).toBe('NZ$12.50');
    expect(formatMoney('NZD', '5')).toBe('NZ$0.05');
    expect(formatMoney('NZD', '-250')).toBe('-NZ$2.50');
    expect(formatMoney('JPY', '500')).toBe('¥500');
    // Past 2^53: handed to Intl as a decimal string, no float rounding.
    expect(formatMoney('NZD', '123456789012345678')).toBe('NZ$1,234,567,890,123,456.78');
  });

  it('prints the currency code with a plain space where a bank statement asks for it', () => {
    expect(formatMoney('NZD', '123450', { code: true })).toBe('NZD 1,234.50');
    expect(formatMoney('NZD', '-5', { code: true })).toBe('-NZD 0.05');
    expect(formatMoney('JPY', '500', { code: true })).toBe('JPY 500');
  });
});

describe('hosted checkout: the page', () => {
  it(
    'shows merchant, amount, line items, QR code, short ' + 'code, countdown, live region and both actions while new',
    () => {
      const html = renderCheckoutPage(view());
      expect(html).toContain('<h1>Test Cafe</h1>');
      expect(html).toContain('NZ$12.50');
      expect(html).toMatch(/<th scope="row">Flat white<\/th><td class="num">2<\/td><td class="num">NZ\$10.00<\/td>/);
      expect(html).toContain('role="img" aria-label="QR code');
      expect(html).toContain('CP-X4V-6N');
      expect(html).toMatch(/<span id="countdown" role="timer">1:59<\/span>/);
      expect(html).toMatch(/<p id="status" class="status" role="status" aria-live="polite">Waiting for payment.<\/p>/);
      expect(html).toContain('action="/pay/pr1234567890123456789a/test-pay?token=t-token"');
      expect(html).toContain('action="/pay/pr1234567890123456789a/cancel?token=c-token"');
      expect(html).toContain('Test mode');
      for (const landmark of ['<header', '<main', '<footer']) expect(html).toContain(landmark);
      expect(html).toContain('<html lang="en">');
    },
  );

  it('runs script and style only under the response nonce, with no inline handlers or style attributes', () => {
    const html = renderCheckoutPage(view());
    expect(html).toContain('<script nonce="bm9uY2Vub25jZW5vbmNl">');
    expect(html).toContain('<style nonce="bm9uY2Vub25jZW5vbmNl">');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/\sstyle=/i);
  });

  it('escapes everything the merchant or request supplies', () => {
    const html = renderCheckoutPage(
      view({
        request: request({
          merchantName: '<img src=x onerror=alert(1)>"',
          lineItems: [{ name: '</script><b>', qty: '1', price: '1250' }],
        }),
      }),
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;');
  });

  it('offers only the actions it has tokens for: no test pay on a live request, no cancel without a cancel URL', () => {
    const html = renderCheckoutPage(view({ request: request({ liveness: 'main' }), tokens: {}, returnUrls: {} }));
    expect(html).not.toContain('test-pay');
    expect(html).not.toContain('/cancel?');
    expect(html).not.toContain('Test mode');
    expect(html).not.toContain('id="actions"');
  });

  it.each([
    ['paid', 'Paid. Thank you.', 'return-paid'],
    ['cancelled', 'This payment request was cancelled.', 'return-closed'],
    ['expired', 'This payment request has expired.', 'return-closed'],
  ] as const)(
    'in state %s shows its message and the way back, and no countdown, QR code or actions',
    (status, text, link) => {
      const html = renderCheckoutPage(view({ request: request({ status }) }));
      expect(html).toContain(`aria-live="polite">${text}</p>`);
      expect(html).toMatch(new RegExp(`<p id="${link}"><a class="back" href="https://shop.example.com/`));
      expect(html).not.toContain('id="countdown"');
      expect(html).not.toContain('Scan to pay');
      expect(html).not.toContain('<form');
      expect(html).toContain(`data-status="${status}"`);
    },
  );

  it('carries what the script needs as data attributes: status route, server clock, paid URL', () => {
    const html = renderCheckoutPage(view());
    expect(html).toContain('data-status-url="/pay/pr1234567890123456789a/status"');
    expect(html).toContain('data-server-now="2026-05-01T10:00:00.000Z"');
    expect(html).toContain('data-paid-url="https://shop.example.com/paid?paymentRequestId=pr1"');
  });

  it('embeds a real QR code SVG of the URL', async () => {
    const svg = await QRCode.toString('http://127.0.0.1:8787/pay/pr1234567890123456789a', { type: 'svg', margin: 1 });
    expect(renderCheckoutPage(view({ qrSvg: svg }))).toMatch(
      /<div class="qr" role="img" aria-label="[^"]+"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/,
    );
  });

  it('renders a message page (404, refusals) with the same landmarks', () => {
    const html = renderMessagePage({ title: 'Payment request not found', message: 'No such <request>', nonce: 'n' });
    expect(html).toContain('<main id="message">');
    expect(html).toContain('No such &lt;request&gt;');
  });
});

describe('hosted checkout: CSP', () => {
  it(
    'allows nothing inline but the nonce, polls only its own origin, and lets forms reach only itself and the ' +
      'cancel URL',
    () => {
      const csp = checkoutCsp('abc', ['https://shop.example.com/cancel?paymentRequestId=1']);
      expect(csp).toBe(
        "default-src 'none'; script-src 'nonce-abc'; style-src 'nonce-abc'; connect-src 'self'; " +
          "form-action 'self' https://shop.example.com; base-uri 'none'; frame-ancestors 'none'",
      );
      expect(csp).not.toContain('unsafe');
    },
  );
});

describe('hosted checkout: action tokens', () => {
  it('are bound to one action and one request, and refuse anything else', async () => {
    const token = await checkoutToken('cancel', 'prA');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await isCheckoutToken('cancel', 'prA', token)).toBe(true);
    expect(await isCheckoutToken('test-pay', 'prA', token)).toBe(false);
    expect(await isCheckoutToken('cancel', 'prB', token)).toBe(false);
    expect(await isCheckoutToken('cancel', 'prA', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'x', ['array'], `${token}x`])
      expect(await isCheckoutToken('cancel', 'prA', bad)).toBe(false);
  });

  it('refuse a browser’s cross-site post, not a same-origin one or a client that sends no Sec-Fetch-Site', () => {
    expect(refusesCrossSite({ 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(refusesCrossSite({ 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(refusesCrossSite({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(refusesCrossSite({ 'sec-fetch-site': 'none' })).toBe(false);
    expect(refusesCrossSite({})).toBe(false);
  });
});

describe('hosted checkout: the test wallet pays only test requests, in a test ledger the merchant settles in', () => {
  it('picks the first test money option with a settlement wallet', () => {
    const options = (...types: string[]) => types.map((assetType) => ({ assetType, amount: '1' }));
    expect(
      testAssetTypeOf({
        liveness: 'test',
        paymentOptions: options('svc.nzd.test'),
        settlementWallets: { 'svc.nzd.test': 'w' },
      }),
    ).toBe('svc.nzd.test');
    expect(
      testAssetTypeOf({
        liveness: 'main',
        paymentOptions: options('svc.nzd.main'),
        settlementWallets: { 'svc.nzd.main': 'w' },
      }),
    ).toBeUndefined();
    expect(
      testAssetTypeOf({ liveness: 'test', paymentOptions: options('svc.nzd.test'), settlementWallets: {} }),
    ).toBeUndefined();
    expect(
      testAssetTypeOf({
        liveness: 'test',
        paymentOptions: options('bitcoin.test', 'svc.nzd.test'),
        settlementWallets: { 'svc.nzd.test': 'w', 'bitcoin.test': 'x' },
      }),
    ).toBe('svc.nzd.test');
  });
});

describe(
  'hosted checkout: test pay is authorized by the checkout ' + 'Lambda’s rows of the matrix, as the pay route is',
  () => {
    const accounts: Record<string, Account> = {
      payer: { id: 'payer', name: 'Hosted checkout test payer', type: 'individual', test: true, subscriptions: [] },
      orgMerchant: { id: 'orgMerchant', name: 'Cafe', type: 'org', subscriptions: [] },
      individual: { id: 'individual', name: 'Someone', type: 'individual', subscriptions: [] },
    };
    /** What a key of `role` on the payer account is answered for `permission` on `target`'s resources. */
    async function decide(
      permissions: PermissionMatrix,
      role: Role,
      permission: string,
      target: string,
    ): Promise<string> {
      const principal = {
        kind: 'apiKey' as const,
        accountId: 'payer',
        account: accounts.payer,
        keyName: 'hosted-checkout',
        role,
        crn: HOSTED_CHECKOUT,
      };
      const authorization = {
        permissions,
        accounts: { findAccount: async (id: string) => accounts[id] } as never,
        integrations: { servesMerchant: async () => false },
      };
      try {
        await Access.forRoute(principal, permission, authorization).account(target);
        return 'allowed';
      } catch (error) {
        return (error as Error).message;
      }
    }

    it('carries exactly the two rows a pay checks, as the platform’s matrix has them', () => {
      expect(checkoutBuild.permissions).toEqual({
        'payment-requests:pay': PERMISSIONS['payment-requests:pay'],
        'assets:spend': PERMISSIONS['assets:spend'],
      });
    });

    it('allows and refuses what the pay route does, for every role and account, and grants nothing more', async () => {
      for (const role of ROLES) {
        for (const permission of ['payment-requests:pay', 'assets:spend']) {
          for (const target of Object.keys(accounts)) {
            expect([
              role,
              permission,
              target,
              await decide(checkoutBuild.permissions, role, permission, target),
            ]).toEqual([
              role,
              permission,
              target,
              await decide(paymentRequestsBuild.permissions, role, permission, target),
            ]);
          }
        }
      }
      // The test payer, account owner of its own individual account: it pays an org's merchant from its own wallet
      // only.
      expect(await decide(checkoutBuild.permissions, 'account-owner', 'payment-requests:pay', 'orgMerchant')).toBe(
        'allowed',
      );
      expect(await decide(checkoutBuild.permissions, 'account-owner', 'payment-requests:pay', 'individual')).toBe(
        'FORBIDDEN',
      );
      expect(await decide(checkoutBuild.permissions, 'account-owner', 'assets:spend', 'payer')).toBe('allowed');
      expect(await decide(checkoutBuild.permissions, 'account-owner', 'assets:spend', 'orgMerchant')).toBe('FORBIDDEN');
      expect(await decide(checkoutBuild.permissions, 'cashier', 'assets:spend', 'payer')).toBe('FORBIDDEN');
      expect(
        await decide(checkoutBuild.permissions, 'account-owner', 'payment-requests:refund', 'orgMerchant'),
      ).toMatch(/no group grants/);
    });
  },
);

describe('hosted checkout: page replies', () => {
  const html = (statusCode = 200): APIGatewayProxyStructuredResultV2 => ({
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'core' },
    body: 'x',
  });

  it('set an HTML answer’s status and headers from inside the operation, per invocation', async () => {
    const handler = withPageReplies(async (status: number) => {
      await new Promise((resolve) => setTimeout(resolve, status === 404 ? 20 : 0));
      replyWith({ statusCode: status, headers: { 'content-security-policy': `mine-${status}` } });
      // What core's pipeline does with a page route's HTML (core/http/group-handler.ts), before it logs the answer.
      return withPageReply(html());
    });
    const [notFound, redirect] = await Promise.all([handler(404), handler(303)]);
    expect([notFound.statusCode, notFound.headers?.['content-security-policy']]).toEqual([404, 'mine-404']);
    expect([redirect.statusCode, redirect.headers?.['content-security-policy']]).toEqual([303, 'mine-303']);
  });

  it('leave an answer as core made it when the operation asked for nothing, and outside a page scope', async () => {
    const plain = withPageReplies(async () => withPageReply(html()));
    expect(await plain()).toEqual(html());
    expect(withPageReply(html(500))).toEqual(html(500));
  });
});
