import { config } from '../core/config';
import { isPageActionToken, pageActionToken } from '../core/http/page';
import { recentStatementLines } from './bank-account-store';
import type { BankAccount, StatementLine } from './entities';

/**
 * The simulated bank's statement of a test bank account: what its holder reads at their bank, the
 * platform-initiated transactions with their 4-digit codes (docs/api/bank-accounts-and-approvals.md#bank-statements).
 *
 * Who may read it: the account that registered the bank account (`bank-accounts:read` on it), through
 * `GET /api/bank-accounts/{id}/statement`, which also answers a link to the statement page. A page
 * cannot send an API key, so, as the hosted checkout's actions, the link carries what authorizes it: an
 * HMAC under the platform's page-key secret (core/http/page.ts, under a label of its own) over the bank
 * account id and the link's expiry, valid for PAGE_LINK_MINUTES. It is issued only to the owner, names
 * one bank account, cannot be altered to name another or to last longer, and needs no storage. Only
 * test bank accounts have one: no real bank stands behind a live one.
 */
const LABEL = 'bank-statement-page-token/v1';
const PAGE_LINK_MINUTES = 15;

const statementPagePath = (bankAccountId: string) => `/bank-statement/${encodeURIComponent(bankAccountId)}`;

/** A signed link to the statement page, valid PAGE_LINK_MINUTES from `now` (the platform's clock). */
export async function statementPageLink(bankAccountId: string, now: Date): Promise<{ url: string; expiresAt: Date }> {
  const expires = Math.floor(now.getTime() / 1000) + PAGE_LINK_MINUTES * 60;
  const token = await pageActionToken(LABEL, `read ${expires}`, bankAccountId);
  const query = new URLSearchParams({ expires: String(expires), token });
  return {
    url: `${config().appBaseUrl}${statementPagePath(bankAccountId)}?${query}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** Whether a link's expiry and token are the platform's, for this bank account, and not expired at `now`. */
export async function isStatementPageLink(
  bankAccountId: string,
  link: { expires?: string; token?: string },
  now: Date,
): Promise<boolean> {
  const expires = Number(link.expires);
  if (!/^[0-9]{1,12}$/.test(link.expires ?? '') || expires * 1000 <= now.getTime()) return false;
  return isPageActionToken(LABEL, `read ${expires}`, bankAccountId, link.token);
}

/**
 * The lines of this bank account record only, newest first: a number two accounts registered shows
 * each the transactions made for its own record, never the other's.
 */
export async function statementLines(account: BankAccount, now: Date): Promise<StatementLine[]> {
  return (await recentStatementLines(account.bankAccountNumber, now)).filter(
    (line) => line.bankAccountId === account.id,
  );
}
