import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { getPageKeySecret } from '../secrets';

/**
 * What the platform's own HTML pages share (the hosted checkout, the claim and payment link pages, the connect page,
 * the bank consent simulator): escaping, money in its currency's format,
 * a nonce per response and a CSP that runs only what carries it, the headers every page sends,
 * HMAC action tokens the page carries for its forms, the cross-site refusal, and page replies.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A fresh nonce for each response: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64');

/** Headers every page response carries besides its CSP. */
export const PAGE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/**
 * A page's Content-Security-Policy: nothing loads but what carries this response's nonce (scripts and
 * style blocks) and, where the page polls, its own origin; forms post to this origin and may be
 * redirected on to `formTargets` (browsers check form-action on redirects). No frames, no <base>. `inlineStyles`
 * lets a page whose library writes style attributes and unnonced style blocks have them (styles only, never scripts).
 */
export function pageCsp(
  nonce: string,
  options: { formTargets?: readonly string[]; connectSelf?: boolean; inlineStyles?: boolean } = {},
): string {
  const origins = [...new Set((options.formTargets ?? []).map((url) => new URL(url).origin))];
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    // A nonce would make browsers ignore 'unsafe-inline'.
    options.inlineStyles ? "style-src 'unsafe-inline'" : `style-src 'nonce-${nonce}'`,
    ...(options.connectSelf ? ["connect-src 'self'"] : []),
    ["form-action 'self'", ...origins].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// One rule, split to fit the line width.
const BADGE_RULE =
  '.badge{display:inline-block;margin:0;padding:.125rem .625rem;border-radius:999px;background:#fff4d6;' +
  'color:#7a4b00;font-size:.8125rem;font-weight:600}';

/**
 * The platform pages' shared look (box model, type, heading, badge, cards); each page adds its colours (`--bg`,
 * `--ink`, `--line`) and its own rules.
 */
export const PAGE_BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.top{padding-top:2rem}
h1{margin:.125rem 0 .5rem;font-size:1.5rem}
${BADGE_RULE}
main>section{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1.25rem;margin:1rem 0}`;

// One rule, split to fit the line width.
const PRIMARY_RULE =
  '.primary{width:100%;padding:.75rem 1rem;border:0;border-radius:.5rem;background:var(--accent);color:#fff;' +
  'font-weight:600;text-align:center;text-decoration:none;display:block}';

/**
 * The one-column pages' look over PAGE_BASE_STYLE (the hosted checkout, the claim page, the payment link page):
 * palette, column, labels, the amount, the status line, hints, the primary action, focus and the message page.
 */
export const PAGE_COLUMN_STYLE = `${PAGE_BASE_STYLE}
:root{color-scheme:light;--ink:#1d2433;--muted:#5b6475;--line:#dde1e8;--accent:#1a56db;--bg:#f4f6fa}
[hidden]{display:none!important}
body>header,body>main,body>footer{max-width:30rem;margin:0 auto;padding:0 1.25rem}
.eyebrow,.label{margin:0;color:var(--muted);font-size:.875rem;font-weight:500}
h2{font-size:1rem;margin:0 0 .5rem}
.amount{font-size:2.5rem;font-weight:700;margin:.25rem 0;letter-spacing:-.02em}
.status{margin:.25rem 0;font-weight:600}
.hint{color:var(--muted);font-size:.875rem;margin:.5rem 0 0}
button{font:inherit;cursor:pointer}
${PRIMARY_RULE}
.primary:hover{background:#1546b3}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
[aria-busy=true] button{opacity:.6;cursor:progress}
.back{color:var(--accent);font-weight:600}
#message{padding-top:3rem}`;

/** A page with a heading, a message and an optional link, in a page's own style: 404 pages, refusals, outcomes. */
export interface MessagePage {
  title: string;
  message: string;
  nonce: string;
  link?: { href: string; text: string };
}

/** A page family's documents in its one style: a whole page, and a message page. */
export const styledPages = (style: string) => ({
  document: (title: string, nonce: string, body: string) => htmlDocument({ title, nonce, style, body }),
  message: (page: MessagePage) =>
    htmlDocument({ title: page.title, nonce: page.nonce, style, body: messageBody(page) }),
});

const messageBody = (page: MessagePage) =>
  `<main id="message">
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.message)}</p>
  ${page.link ? `<p><a class="back" href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>` : ''}
</main>`;

/**
 * An amount in minor units (an integer string, possibly negative) in the currency's format, e.g.
 * `NZ$12.50`, or with `code`, as a bank statement prints it: `NZD 12.50`, the ISO code and a plain space (Intl puts
 * a no-break space there). The currency's own number of decimals comes from Intl (JPY has none); the amount is
 * handed to Intl as a decimal string, so no float rounding touches it.
 */
export function formatMoney(currency: string, minorUnits: string, options: { code?: boolean } = {}): string {
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: options.code ? 'code' : 'symbol',
  });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  const negative = minorUnits.startsWith('-');
  const digits = (negative ? minorUnits.slice(1) : minorUnits).padStart(decimals + 1, '0');
  const decimal = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  const formatted = (format.format as unknown as (value: string) => string)(`${negative ? '-' : ''}${decimal}`);
  return options.code ? formatted.replace('\u00a0', ' ') : formatted;
}

/** A whole HTML document: its one style block runs under the response's nonce; `head` adds to its head. */
export function htmlDocument(page: {
  title: string;
  nonce: string;
  style: string;
  body: string;
  head?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style nonce="${page.nonce}">${page.style}</style>${page.head ?? ''}
</head>
<body>
${page.body}
</body>
</html>`;
}

/**
 * A token a page carries for one of its forms: HMAC-SHA256 over the action and the resource id, keyed
 * by a key derived from the platform's page-key secret under the page's own label, so a token of one
 * page, action or resource is worth nothing for another, and none is a valid page-key MAC.
 */
export async function pageActionToken(label: string, action: string, id: string): Promise<string> {
  const key = createHmac('sha256', await getPageKeySecret())
    .update(label)
    .digest();
  return createHmac('sha256', key).update(`${action}\n${id}`).digest('base64url');
}

export async function isPageActionToken(label: string, action: string, id: string, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || token.length === 0) return false;
  const expected = Buffer.from(await pageActionToken(label, action, id), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A browser says where a request comes from (`Sec-Fetch-Site`): a form on another site posting to
 * a page action is refused even with a valid token. Clients that send no such header (curl,
 * servers) are judged by the token alone.
 */
export function refusesCrossSite(headers: Record<string, string | undefined>): boolean {
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * What a page route answers beyond core's HTML response (200, a fixed CSP): its own
 * status (404 page, 303 after a form) and headers (the CSP with this response's nonce, Location).
 * An operation returns its HTML as usual and calls `replyWith` (inside the scope `withPageReplies`
 * opens around the group's Lambda entry); core applies it when it builds the HTML response
 * (`withPageReply`), so the request's log line has the status sent. An operation that
 * threw still answers core's JSON error.
 */
interface PageReply {
  statusCode?: number;
  headers: Record<string, string>;
}

const replies = new AsyncLocalStorage<PageReply>();

export function replyWith(reply: { statusCode?: number; headers?: Record<string, string> }): void {
  const current = replies.getStore();
  if (!current) throw new Error('page routes need the group handler wrapped by withPageReplies');
  if (reply.statusCode !== undefined) current.statusCode = reply.statusCode;
  Object.assign(current.headers, reply.headers ?? {});
}

type Handler<Args extends unknown[]> = (...args: Args) => Promise<APIGatewayProxyStructuredResultV2>;

export function withPageReplies<Args extends unknown[]>(handler: Handler<Args>): Handler<Args> {
  return (...args) => replies.run({ headers: {} }, () => handler(...args));
}

/** A page's HTML response with what its operation asked for (`replyWith`): status and headers. */
export function withPageReply(response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const reply = replies.getStore();
  if (!reply) return response;
  return {
    ...response,
    statusCode: reply.statusCode ?? response.statusCode,
    headers: { ...response.headers, ...reply.headers },
  };
}
