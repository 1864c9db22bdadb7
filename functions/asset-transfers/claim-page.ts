import { escapeHtml, formatMoney, PAGE_COLUMN_STYLE, styledPages } from '../core/http/page';
import type { ErrorCode } from '../core/errors/catalogue';
import { CLAIM_SCRIPT } from './claim-script';
import { claimBy, type StoredAssetTransfer } from './entities';

/**
 * The claim page's markup, pure: what a transfer shows to whoever holds its link (one without a recipient,
 * or one sent to an email or phone, whose message carries the link), in which state, with which ways to claim
 * it. render-claim-page.ts reads what it shows.
 */

/** What the page shows of a transfer: nothing of its accounts, assets or claimants but the sender's name. */
type ClaimPageTransfer = Pick<
  StoredAssetTransfer,
  | 'id'
  | 'status'
  | 'value'
  | 'remainingValue'
  | 'assetType'
  | 'assetKind'
  | 'currency'
  | 'liveness'
  | 'description'
  | 'message'
  | 'senderName'
  | 'claimType'
  | 'valueConfig'
  | 'returnAt'
  | 'expiresAt'
  | 'recipientAlias'
>;

export interface ClaimView {
  transfer: ClaimPageTransfer;
  /** The name of the account that sent it. */
  senderAccountName: string;
  nonce: string;
  /** The "Claim as test identity" form's token (claim-page-token.ts): open test transfers without a recipient. */
  testClaimToken?: string;
}

export const claimPath = (id: string, action?: 'test-claim') =>
  `/transfer/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** The API route a signed-in user's claim goes through (the page's script calls it with the user's token). */
const claimApiPath = (id: string) => `/api/asset-transfers/${encodeURIComponent(id)}/claim`;

/** What the page says of each state; the script says the same after a claim. */
export const STATUS_TEXT: Record<StoredAssetTransfer['status'], string> = {
  created: 'Ready to claim.',
  sent: 'Ready to claim.',
  claimed: 'This transfer has already been claimed.',
  cancelled: 'The sender cancelled this transfer: there is nothing to claim.',
  expired: 'This transfer expired unclaimed: its value goes back to the sender.',
  returned: 'This transfer expired unclaimed and went back to the sender.',
};

/** What a person reads for a claim the platform refused, by the error's code (`UNAUTHORIZED`: any 401). */
export const CLAIM_REFUSALS: Partial<Record<ErrorCode | 'UNAUTHORIZED', string>> = {
  ASSET_TRANSFER_INVALID_RECIPIENT:
    "This account cannot claim this transfer: it is the sender's own, or one is a test account and the other not.",
  ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET: 'This account has claimed this transfer as many times as the sender allows.',
  FORBIDDEN: 'Your sign-in does not let you claim into that account.',
  UNAUTHORIZED: 'That access token was not accepted: sign in again and use a fresh one.',
};

export const isOpenStatus = (status: StoredAssetTransfer['status']) => status === 'created' || status === 'sent';

/** What one claim takes, in the asset's terms: a money amount, or the token. */
function claimWorth(transfer: ClaimPageTransfer): string {
  if (transfer.assetKind === 'token') return transfer.description ?? 'A token';
  const remaining = BigInt(transfer.remainingValue);
  const flat = transfer.claimType === 'multi' ? BigInt(transfer.valueConfig?.params?.amount ?? remaining) : remaining;
  return formatMoney(transfer.currency, (flat < remaining ? flat : remaining).toString());
}

export function claimPageHtml(view: ClaimView): string {
  const { transfer, nonce } = view;
  const open = isOpenStatus(transfer.status);
  const test = transfer.liveness === 'test';
  const worth = claimWorth(transfer);
  const heading = transfer.assetKind === 'token' ? worth : formatMoney(transfer.currency, transfer.value);
  const data = {
    status: transfer.status,
    'claim-url': claimApiPath(transfer.id),
    'summary-url': `/api/asset-transfers/${encodeURIComponent(transfer.id)}/summary`,
    statuses: JSON.stringify(STATUS_TEXT),
    refusals: JSON.stringify(CLAIM_REFUSALS),
  };
  const dataAttributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const body = `<header class="top">
  <p class="eyebrow">Sent to you by</p>
  <h1>${escapeHtml(view.senderAccountName)}</h1>
  ${test ? '<p class="badge">Test mode: no real value moves</p>' : ''}
</header>
<main id="transfer"${dataAttributes}>
  <section class="summary" aria-labelledby="value-label">
    <h2 id="value-label" class="label">${transfer.assetKind === 'token' ? 'Token' : 'Amount'}</h2>
    <p class="amount">${escapeHtml(heading)}</p>
    <p id="status" class="status" role="status" aria-live="polite">${escapeHtml(STATUS_TEXT[transfer.status])}</p>
    ${details(view, worth)}
  </section>
  ${open ? claimActions(view, worth) : ''}
</main>
<script nonce="${nonce}">${CLAIM_SCRIPT}</script>`;
  return PAGES.document(`${heading} from ${view.senderAccountName}`, nonce, body);
}

function details(view: ClaimView, worth: string): string {
  const { transfer } = view;
  const rows: [string, string][] = [['Asset type', transfer.assetType]];
  if (transfer.description && transfer.assetKind === 'money') rows.push(['Description', transfer.description]);
  if (transfer.senderName) rows.push(['From', transfer.senderName]);
  // Masked when it was sent: only the person it names can claim it, signed in with that email or phone verified.
  if (transfer.recipientAlias) rows.push(['Sent to', transfer.recipientAlias]);
  if (transfer.message) rows.push(['Message', transfer.message]);
  if (transfer.claimType === 'multi' && transfer.assetKind === 'money') {
    rows.push(['Each claim', worth]);
    rows.push(['Left to claim', formatMoney(transfer.currency, transfer.remainingValue)]);
  }
  if (isOpenStatus(transfer.status)) rows.push(['Claim by', `${claimBy(transfer).slice(0, 16).replace('T', ' ')} UTC`]);
  const items = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return `<dl class="details">${items}</dl>`;
}

function claimActions(view: ClaimView, worth: string): string {
  const { transfer } = view;
  const testClaim = view.testClaimToken
    ? `<section id="test-claim" aria-labelledby="test-claim-heading">
    <h2 id="test-claim-heading">Claim as the test identity</h2>
    <form method="post" action="${escapeHtml(
      `${claimPath(transfer.id, 'test-claim')}?token=${encodeURIComponent(view.testClaimToken)}`,
    )}" data-once>
      <button type="submit" class="primary">Claim as test identity</button>
    </form>
    <p class="hint">Claims ${escapeHtml(worth)} into the platform's test identity, an account the platform keeps for
    trying test transfers, through the same claim as a signed-in user's.</p>
  </section>`
    : '';
  return `${testClaim}
  <section id="signed-in" aria-labelledby="signed-in-heading">
    <h2 id="signed-in-heading">Claim into your account</h2>
    <form id="claim-form" hidden>
      <p class="field"><label for="access-token">Access token</label>
        <input id="access-token" name="token" type="password" autocomplete="off" required maxlength="8192"
          aria-describedby="token-hint"></p>
      <p id="token-hint" class="hint">The access token your wallet app gives you once you have signed in.</p>
      <p class="field"><label for="account-id">Account id (optional)</label>
        <input id="account-id" name="account" type="text" autocomplete="off" maxlength="64" spellcheck="false"
          aria-describedby="account-hint"></p>
      <p id="account-hint" class="hint">An organisation account you act in. Leave empty for your own account.</p>
      <button type="submit" class="primary">Claim into my account</button>
    </form>
    <p class="hint">Signed-in apps claim with <code>POST ${escapeHtml(claimApiPath(transfer.id))}</code> and the
    user's access token (<code>Authorization: Bearer …</code>).</p>
  </section>`;
}

const STYLE = `${PAGE_COLUMN_STYLE}
[data-status=claimed] .status{color:#0f7b3f}
[data-status=cancelled] .status,[data-status=expired] .status,[data-status=returned] .status{color:#a4262c}
.details{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:.75rem 0 0;font-size:.9375rem}
.details dt{color:var(--muted)}
.details dd{margin:0;overflow-wrap:anywhere}
.field{margin:.75rem 0 0}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
.field input{width:100%;padding:.5rem .625rem;border:1px solid #767f8f;border-radius:.375rem;font:inherit}
form .primary{margin-top:1rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.8125rem;overflow-wrap:anywhere}
`;

const PAGES = styledPages(STYLE);

/** A page with a heading, a message and an optional link: the 404 page and the test claim's outcomes. */
export const claimMessageHtml = PAGES.message;
