import { escapeHtml, htmlDocument, PAGE_BASE_STYLE } from '../core/http/page';

/**
 * The connect page's markup, pure: a connection waiting for a wallet lists the wallet apps that can
 * take it, each a link to the app's own connect flow; an authorized one says which app has it.
 * render-connect-page.ts reads what it shows.
 */

export interface ConnectView {
  connection: {
    id: string;
    status: 'created' | 'authorized';
    createdByAccountName: string;
    walletName?: string;
    test: boolean;
  };
  merchantName: string;
  /** Wallet apps a `created` connection offers, each with the link into its connect flow. */
  wallets: { name: string; href: string }[];
  nonce: string;
}

const walletItem = (w: ConnectView['wallets'][number]) =>
  `<li><a class="wallet" href="${escapeHtml(w.href)}" rel="noopener noreferrer">${escapeHtml(w.name)}</a></li>`;

const connectedWallet = (connection: ConnectView['connection']) => escapeHtml(connection.walletName ?? 'a wallet app');

export function connectPageHtml(view: ConnectView): string {
  const { connection, merchantName } = view;
  const open = connection.status === 'created';
  const merchant = escapeHtml(merchantName);
  const body = `<header class="top">
  <p class="eyebrow">${escapeHtml(connection.createdByAccountName)}</p>
  ${connection.test ? '<p class="badge">Test mode</p>' : ''}
</header>
<main id="connection" data-status="${connection.status}">
  <h1>Connect a wallet to ${merchant}</h1>
  ${
    open
      ? `<section aria-label="Wallet apps">
    <p>Choose the wallet app to pay ${merchant} with. The app asks you to confirm before anything is connected.</p>
    ${
      view.wallets.length
        ? `<ul class="wallets">${view.wallets.map(walletItem).join('')}</ul>`
        : '<p class="hint">No wallet app can take this connection yet.</p>'
    }
  </section>`
      : `<section><p class="status" role="status">Connected with ${connectedWallet(connection)}.</p></section>`
  }
</main>`;
  return htmlDocument({ title: `Connect a wallet to ${merchantName}`, nonce: view.nonce, style: STYLE, body });
}

/** A page with a heading and a message: the 404 page. */
export function connectMessageHtml(page: { title: string; message: string; nonce: string }): string {
  const body = `<main id="message">
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.message)}</p>
</main>`;
  return htmlDocument({ title: page.title, nonce: page.nonce, style: STYLE, body });
}

// One rule, split to fit the line width.
const WALLET_RULE =
  '.wallet{display:block;padding:.75rem 1rem;border-radius:.5rem;background:var(--accent);color:#fff;' +
  'font-weight:600;text-align:center;text-decoration:none}';

const STYLE = `${PAGE_BASE_STYLE}
:root{color-scheme:light;--ink:#1d2433;--muted:#5b6475;--line:#dde1e8;--accent:#1a56db;--bg:#f4f6fa}
body>header,body>main{max-width:30rem;margin:0 auto;padding:0 1.25rem}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem;font-weight:500}
.wallets{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
${WALLET_RULE}
.wallet:hover{background:#1546b3}
.status{margin:0;font-weight:600;color:#0f7b3f}
.hint{color:var(--muted);font-size:.875rem}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
#message{padding-top:3rem}
`;
