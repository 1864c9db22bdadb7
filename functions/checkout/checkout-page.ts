import { escapeHtml, formatMoney, PAGE_COLUMN_STYLE, pageCsp, styledPages } from '../core/http/page';
import { CHECKOUT_SCRIPT } from './checkout-script';
import type { ReturnUrls } from './checkout-redirects';
import type { StoredPaymentRequest } from '../payment-requests';

/**
 * The hosted checkout page's markup, pure: what a request shows, in which state, with which actions.
 * render-pay-page.ts reads the request and what the page needs (QR code, tokens, return URLs) and
 * answers it with the CSP below.
 */

/**
 * The checkout's Content-Security-Policy (core/http/page.ts) with the status route it polls; the
 * cancel form's 303 may go on to the merchant's cancel URL. The QR code is inline SVG: no images.
 */
export const checkoutCsp = (nonce: string, formTargets: readonly string[] = []): string =>
  pageCsp(nonce, { formTargets, connectSelf: true });

export type CheckoutRequest = Pick<
  StoredPaymentRequest,
  | 'id'
  | 'merchantName'
  | 'value'
  | 'status'
  | 'shortCode'
  | 'expiresAt'
  | 'lineItems'
  | 'liveness'
  | 'remainingAmount'
  | 'paidAmount'
>;

export interface CheckoutView {
  request: CheckoutRequest;
  /** The server's clock: the countdown runs on it. */
  now: Date;
  nonce: string;
  /** The QR code of the request's `url`, an SVG element. */
  qrSvg: string;
  returnUrls: ReturnUrls;
  /** Present for each action the page offers (checkout-token.ts). */
  tokens: { cancel?: string; testPay?: string };
}

const STATUS_TEXT: Record<CheckoutRequest['status'], string> = {
  new: 'Waiting for payment.',
  paid: 'Paid. Thank you.',
  cancelled: 'This payment request was cancelled.',
  expired: 'This payment request has expired.',
};

export const checkoutPath = (id: string, action?: 'status' | 'cancel' | 'test-pay') =>
  `/pay/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function renderCheckoutPage(view: CheckoutView): string {
  const { request, nonce, returnUrls, tokens } = view;
  const isNew = request.status === 'new';
  const amount = formatMoney(request.value.currency, request.value.amount);
  const test = request.liveness === 'test';
  const data = {
    status: request.status,
    'expires-at': request.expiresAt,
    'server-now': view.now.toISOString(),
    'status-url': checkoutPath(request.id, 'status'),
    merchant: request.merchantName,
    ...(returnUrls.paid ? { 'paid-url': returnUrls.paid } : {}),
  };
  const dataAttributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const body = `<header class="top">
  <p class="eyebrow">Payment to</p>
  <h1>${escapeHtml(request.merchantName)}</h1>
  ${test ? '<p class="badge">Test mode: no real money moves</p>' : ''}
</header>
<main id="checkout"${dataAttributes}>
  <section class="summary" aria-labelledby="amount-label">
    <h2 id="amount-label" class="label">Amount due</h2>
    <p class="amount">${escapeHtml(amount)}</p>
    <p id="status" class="status" role="status" aria-live="polite">${escapeHtml(STATUS_TEXT[request.status])}</p>
    ${isNew ? expiry(request.expiresAt, view.now) : ''}
    ${returnLinks(request.status, returnUrls)}
  </section>
  ${lineItems(request)}
  ${isNew ? scanToPay(request, view.qrSvg) : ''}
  ${isNew ? actions(request, tokens) : ''}
</main>
<footer class="foot">
  <p>Short code <strong class="code">${escapeHtml(request.shortCode)}</strong></p>
  <noscript><p>Reload this page to see the latest status.</p></noscript>
</footer>
<script nonce="${nonce}">${CHECKOUT_SCRIPT}</script>`;
  return PAGES.document(`${amount} to ${request.merchantName}`, nonce, body);
}

function expiry(expiresAt: string, now: Date): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  const left = `${h ? `${h}:${pad(m)}` : m}:${pad(seconds % 60)}`;
  const at = `<time datetime="${escapeHtml(expiresAt)}">${escapeHtml(expiresAt.slice(11, 19))} UTC</time>`;
  return `<p id="expiry" class="expiry">Expires in <span id="countdown" role="timer">${left}</span>
      <span class="at">(at ${at})</span></p>`;
}

/** Back to the merchant: shown once the request is paid, cancelled or expired (the script reveals them live). */
function returnLinks(status: CheckoutRequest['status'], urls: ReturnUrls): string {
  const back = (url: string) => `<a class="back" href="${escapeHtml(url)}">Return to the merchant</a>`;
  const link = (id: string, url: string | undefined, shown: boolean) =>
    url ? `<p id="${id}"${shown ? '' : ' hidden'}>${back(url)}</p>` : '';
  return [
    link('return-paid', urls.paid, status === 'paid'),
    link('return-closed', urls.cancel, status === 'cancelled' || status === 'expired'),
  ].join('');
}

const numberHeading = (name: string) => `<th scope="col" class="num">${name}</th>`;

function lineItems(request: CheckoutRequest): string {
  if (!request.lineItems?.length) return '';
  const currency = request.value.currency;
  const rows = request.lineItems
    .map(
      (item) =>
        `<tr><th scope="row">${escapeHtml(item.name)}</th><td class="num">${escapeHtml(item.qty)}</td><td class="num">${
          item.price !== undefined ? escapeHtml(formatMoney(currency, item.price)) : ''
        }</td></tr>`,
    )
    .join('\n      ');
  return `<section aria-labelledby="items-heading">
    <h2 id="items-heading">Items</h2>
    <table class="items">
      <thead><tr><th scope="col">Item</th>${numberHeading('Qty')}${numberHeading('Price')}</tr></thead>
      <tbody>
      ${rows}
      </tbody>
    </table>
  </section>`;
}

function scanToPay(request: CheckoutRequest, qrSvg: string): string {
  const shortCode = `<strong class="code">${escapeHtml(request.shortCode)}</strong>`;
  return `<section id="scan" class="scan" aria-labelledby="scan-heading">
    <h2 id="scan-heading">Scan to pay</h2>
    <div class="qr" role="img" aria-label="QR code of this page's address, for a wallet app">${qrSvg}</div>
    <p class="hint">Open your wallet app and scan the code, or enter the short code ${shortCode}.</p>
  </section>`;
}

function actions(request: CheckoutRequest, tokens: CheckoutView['tokens']): string {
  const form = (action: 'cancel' | 'test-pay', token: string, button: string) => {
    const target = `${checkoutPath(request.id, action)}?token=${encodeURIComponent(token)}`;
    return `<form method="post" action="${escapeHtml(target)}" data-once>${button}</form>`;
  };
  const parts: string[] = [];
  if (tokens.testPay) {
    const remaining = escapeHtml(formatMoney(request.value.currency, request.remainingAmount));
    const hint = [
      `Pays ${remaining} of test money from the platform's test wallet,`,
      ' through the same payment as a wallet app.',
    ].join('');
    parts.push(`<div class="test-pay">
      ${form('test-pay', tokens.testPay, '<button type="submit" class="primary">Pay with test wallet</button>')}
      <p class="hint">${hint}</p>
    </div>`);
  }
  if (tokens.cancel) {
    parts.push(
      form('cancel', tokens.cancel, '<button type="submit" class="link">Cancel and return to the merchant</button>'),
    );
  }
  if (!parts.length) return '';
  return `<section id="actions" class="actions" aria-label="Payment actions">
    ${parts.join('\n    ')}
  </section>`;
}

const STYLE = `${PAGE_COLUMN_STYLE}
[data-status=paid] .status{color:#0f7b3f}
[data-status=cancelled] .status,[data-status=expired] .status{color:#a4262c}
.expiry{margin:.25rem 0 0;color:var(--muted)}
#countdown{font-variant-numeric:tabular-nums;font-weight:600;color:var(--ink)}
.at{font-size:.875rem}
.items{width:100%;border-collapse:collapse;font-size:.9375rem}
.items th,.items td{padding:.375rem 0;border-bottom:1px solid var(--line);text-align:left;font-weight:400}
.items thead th{color:var(--muted);font-size:.8125rem;font-weight:500}
.items .num{text-align:right}
.scan{text-align:center}
.qr{width:12rem;height:12rem;margin:.25rem auto}
.qr svg{width:100%;height:100%;display:block}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.05em;color:var(--ink)}
.actions{display:grid;gap:.75rem;text-align:center}
.actions form{margin:0}
.link{border:0;background:none;color:var(--accent);text-decoration:underline;padding:.25rem}
.foot{color:var(--muted);font-size:.875rem;padding-bottom:2rem}
`;

const PAGES = styledPages(STYLE);

/** A page with a heading, a message and an optional link: the 404 page and the actions' refusals. */
export const renderMessagePage = PAGES.message;
