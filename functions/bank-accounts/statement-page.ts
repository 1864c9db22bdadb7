import { escapeHtml, formatMoney, htmlDocument, PAGE_BASE_STYLE } from '../core/http/page';
import type { BankAccount, StatementLine } from './entities';

/**
 * The simulated bank's statement page of a test bank account, pure markup: the bank account, its
 * platform-initiated transactions with their 4-digit codes, and when the link expires; and message pages
 * (refusals). No script, no form: the CSP allows only the nonce's style block.
 */

export interface StatementView {
  account: Pick<BankAccount, 'bankAccountNumber' | 'bankAccountName'>;
  lines: readonly Pick<StatementLine, 'kind' | 'amount' | 'currency' | 'code' | 'reference' | 'createdAt'>[];
  linkExpiresAt: Date;
  nonce: string;
}

/** What each transaction is to the bank account's holder, and which way the money went for them. */
const DETAILS: Record<StatementLine['kind'], { text: string; sign: string }> = {
  verification: { text: 'Verification transaction', sign: '' },
  topup: { text: 'Direct debit: wallet top up', sign: '\u2212' },
  withdrawal: { text: 'Payment in: wallet withdrawal', sign: '+' },
  'topup-return': { text: 'Top up paid back', sign: '+' },
  'topup-reversal': { text: 'Direct debit reversed: wallet top up not collected', sign: '+' },
  'withdrawal-reversal': { text: 'Payment in reversed: not paid', sign: '\u2212' },
};

/** The amount signed the way it went for the holder, as `−NZD 1,234.50`. */
const money = (line: StatementView['lines'][number]) =>
  `${DETAILS[line.kind].sign}${formatMoney(line.currency, line.amount, { code: true })}`;

/** `2026-11-28 09:30 UTC` in a <time> element. */
const when = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 10))} ${escapeHtml(iso.slice(11, 16))} UTC</time>`;

function row(line: StatementView['lines'][number]): string {
  return `<tr>
        <td>${when(line.createdAt)}</td>
        <td>${escapeHtml(DETAILS[line.kind].text)}<br><span class="ref">${escapeHtml(line.reference)}</span></td>
        <td class="code">${escapeHtml(line.code)}</td>
        <td class="num">${escapeHtml(money(line))}</td>
      </tr>`;
}

const HEADINGS = [
  '<th scope="col">Date</th>',
  '<th scope="col">Details</th>',
  '<th scope="col">Code</th>',
  '<th scope="col" class="num">Amount</th>',
].join('');

function transactions(lines: StatementView['lines']): string {
  if (!lines.length) return '<p>No transactions in the last 90 days.</p>';
  return `<table class="lines">
      <thead><tr>${HEADINGS}</tr></thead>
      <tbody>
      ${lines.map(row).join('\n      ')}
      </tbody>
    </table>`;
}

export function statementPageHtml(view: StatementView): string {
  const body = `<header class="top">
  <p class="eyebrow">Test Bank</p>
  <h1>Bank statement</h1>
  <p class="badge">Simulated bank for test bank accounts: no real money moves</p>
</header>
<main id="statement">
  <section aria-labelledby="account-heading">
    <h2 id="account-heading">Account</h2>
    <p><span class="name">${escapeHtml(view.account.bankAccountName)}</span><br>
    <span class="code">${escapeHtml(view.account.bankAccountNumber)}</span></p>
  </section>
  <section aria-labelledby="lines-heading">
    <h2 id="lines-heading">Transactions, last 90 days</h2>
    <p class="hint">Each transaction the platform made carries a 4-digit code:
      enter one to verify this bank account.</p>
    ${transactions(view.lines)}
  </section>
</main>
<footer class="foot"><p>This link expires at ${when(view.linkExpiresAt.toISOString())}.</p></footer>`;
  return htmlDocument({ title: 'Test Bank: bank statement', nonce: view.nonce, style: STYLE, body });
}

/** A page with a heading and a message: the refusals. */
export function statementMessageHtml(page: { title: string; message: string; nonce: string }): string {
  const body = `<header class="top"><p class="eyebrow">Test Bank</p></header>
<main id="message">
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.message)}</p>
</main>`;
  return htmlDocument({ title: `Test Bank: ${page.title}`, nonce: page.nonce, style: STYLE, body });
}

const STYLE = `${PAGE_BASE_STYLE}
:root{color-scheme:light;--ink:#1d2433;--muted:#545d6e;--line:#dde1e8;--bg:#f3f6f5}
body>header,body>main,body>footer{max-width:44rem;margin:0 auto;padding:0 1.25rem}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
h2{font-size:1rem;margin:0 0 .5rem}
.name{font-weight:600}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.05em}
.hint{color:var(--muted);font-size:.875rem;margin:0 0 .75rem}
.lines{width:100%;border-collapse:collapse;font-size:.9375rem}
.lines th,.lines td{padding:.5rem .5rem .5rem 0;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
.lines thead th{color:var(--muted);font-size:.8125rem;font-weight:600}
.lines .num{text-align:right;white-space:nowrap;padding-right:0}
.lines td.code{font-weight:700;font-size:1.0625rem}
.ref{color:var(--muted);font-size:.8125rem}
.foot{color:var(--muted);font-size:.875rem;padding-bottom:2rem}
#message{padding-top:1rem}
`;
