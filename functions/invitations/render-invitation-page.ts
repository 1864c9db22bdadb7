import { timingSafeEqual } from 'node:crypto';
import { accountNow } from '../core/clock';
import {
  htmlDocument,
  escapeHtml,
  newNonce,
  PAGE_BASE_STYLE,
  PAGE_HEADERS,
  pageCsp,
  replyWith,
} from '../core/http/page';
import { publicOperation } from '../core/http/operation';
import { impossiblePathParameter } from '../core/ids';
import { findAccount } from '../accounts';
import { invitationEntity, type StoredInvitation } from './entities';
import { hasExpired } from './load-invitation';

const STYLE = `${PAGE_BASE_STYLE}
:root{color-scheme:light;--ink:#1d2433;--line:#dde1e8;--bg:#f4f6fa}
main{max-width:34rem;margin:0 auto;padding:0 1.25rem}
code{background:#eef1f6;padding:.1rem .3rem;border-radius:.25rem;word-break:break-all}`;

const sameCode = (stored: StoredInvitation, code: string) =>
  stored.code.length === code.length && timingSafeEqual(Buffer.from(stored.code), Buffer.from(code));

/**
 * The page an invitation email links to (`/invitations/{id}?code=…`): with the right code, what the
 * recipient is invited to, until when, and how to accept (signed in with the invited email, the accept
 * call with this code and their own account). Without it, or for an invitation that is closed, a page
 * that says so and shows nothing of the invitation: the code is what opens it, as the API's own accept.
 */
export const renderInvitationPage = publicOperation<unknown, { code: string }>(async ({ params, query }) => {
  const nonce = newNonce();
  const stored = impossiblePathParameter(params) ? undefined : await invitationEntity.get(params.invitationId);
  const open =
    stored &&
    sameCode(stored, query.code) &&
    !stored.accepted &&
    stored.status !== 'revoked' &&
    !hasExpired(stored, await accountNow(await findAccount(stored.accountId)));
  replyWith({
    ...(open ? {} : { statusCode: 404 }),
    headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce) },
  });
  if (!open)
    return page(
      nonce,
      'Invitation not available',
      '<p>There is no open invitation at this address: it may have been accepted, revoked or expired, or the ' +
        'link is incomplete. Ask whoever invited you for a new one.</p>',
    );
  const accountName = escapeHtml(stored.params.accountName ?? 'an account');
  const role = escapeHtml(stored.params.role ?? stored.type);
  return page(
    nonce,
    `Join ${stored.params.accountName ?? 'an account'}`,
    `<section>
<p>You are invited to join <strong>${accountName}</strong> with the role <strong>${role}</strong>.</p>
<p>The invitation is open until <time>${escapeHtml(stored.expiresAt)}</time> (UTC).</p>
</section>
<section>
<h2>How to accept</h2>
<p>Sign in with the email address this invitation was sent to, then accept it for your own account with
<code>POST /api/invitations/${escapeHtml(stored.id)}/accept</code> and the body
<code>{"code":"${escapeHtml(stored.code)}","accountId":"&lt;your account id&gt;"}</code>.</p>
</section>`,
  );
});

const page = (nonce: string, title: string, body: string) =>
  htmlDocument({ title, nonce, style: STYLE, body: `<main class="top"><h1>${escapeHtml(title)}</h1>\n${body}</main>` });
