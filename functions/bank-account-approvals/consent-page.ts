import { escapeHtml, htmlDocument, PAGE_BASE_STYLE } from '../core/http/page';
import type { ConnectionIntent } from './entities';

/**
 * The simulated bank's pages, pure markup: the consent page an intent's `authorizationUrl` opens
 * (what is asked, Approve and Decline as real forms), and message pages (the return page, refusals).
 * No script runs: the forms work as they are, and the CSP allows only the nonce's style block.
 */

export interface ConsentView {
  intent: Pick<ConnectionIntent, 'type' | 'name' | 'period' | 'totalAmount'>;
  /** The bank account the consent is for, when the intent names one. */
  bankAccountNumber?: string;
  nonce: string;
  /** Each form's action, with the token the page carries. */
  actions: { approve: string; decline: string };
}

/** Cents as dollars, exactly (no float touches the amount). */
const dollars = (cents: string) => {
  const digits = cents.padStart(3, '0');
  return `NZ$${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

function asked(view: ConsentView): string {
  const { intent } = view;
  const account = view.bankAccountNumber
    ? `bank account <strong class="code">${escapeHtml(view.bankAccountNumber)}</strong>`
    : 'a bank account you choose to share';
  if (intent.type === 'account-information-consent') {
    return `<p>The app asks to read the details of ${account}: its name, number and balance.</p>`;
  }
  const period = escapeHtml(periodNoun(intent.period ?? 'daily'));
  const limit = intent.totalAmount
    ? `up to <strong>${escapeHtml(dollars(intent.totalAmount))}</strong> each ${period}`
    : `with no total limit per ${period}`;
  return `<p>The app asks to make payments from ${account}, ${limit}, until you withdraw this consent.</p>
    ${intent.name ? `<p>Consent name: <strong>${escapeHtml(intent.name)}</strong></p>` : ''}`;
}

const periodNoun = (period: string) =>
  ({ daily: 'day', weekly: 'week', fortnightly: 'fortnight', monthly: 'month', yearly: 'year' })[period] ?? period;

const answerForm = (action: string, kind: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" class="${kind}">${label}</button></form>`;

export function consentPageHtml(view: ConsentView): string {
  const body = `<header class="top">
  <p class="eyebrow">Test Bank</p>
  <h1>Allow access to your bank account?</h1>
  <p class="badge">Simulated bank for test connections: no real bank is contacted</p>
</header>
<main id="consent">
  <section aria-labelledby="asked-heading">
    <h2 id="asked-heading">What the app asks</h2>
    ${asked(view)}
  </section>
  <section class="actions" aria-label="Your answer">
    ${answerForm(view.actions.approve, 'primary', 'Approve')}
    ${answerForm(view.actions.decline, 'secondary', 'Decline')}
  </section>
</main>
<footer class="foot"><p>You are sent back to the app after you answer.</p></footer>`;
  return htmlDocument({ title: 'Test Bank: allow access?', nonce: view.nonce, style: STYLE, body });
}

/** A page with a heading, a message, an optional code to copy and an optional link. */
export function consentMessageHtml(page: { title: string; message: string; nonce: string; code?: string }): string {
  const body = `<header class="top"><p class="eyebrow">Test Bank</p></header>
<main id="message">
  <h1>${escapeHtml(page.title)}</h1>
  <p role="status">${escapeHtml(page.message)}</p>
  ${page.code ? `<p>Authorization code: <code id="authorization-code">${escapeHtml(page.code)}</code></p>` : ''}
</main>`;
  return htmlDocument({ title: `Test Bank: ${page.title}`, nonce: page.nonce, style: STYLE, body });
}

const STYLE = `${PAGE_BASE_STYLE}
:root{color-scheme:light;--ink:#1d2433;--muted:#5b6475;--line:#dde1e8;--accent:#0f5c4d;--bg:#f3f6f5}
body>header,body>main,body>footer{max-width:30rem;margin:0 auto;padding:0 1.25rem}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
h2{font-size:1rem;margin:0 0 .5rem}
.code,code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
.actions{display:grid;gap:.75rem}
.actions form{margin:0}
button{font:inherit;cursor:pointer;width:100%;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
.primary{border:0;background:var(--accent);color:#fff}
.secondary{border:1px solid var(--accent);background:#fff;color:var(--accent)}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.foot{color:var(--muted);font-size:.875rem;padding-bottom:2rem}
#message{padding-top:1rem}
`;
