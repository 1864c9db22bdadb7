import type { FromSchema } from 'json-schema-to-ts';
import type { statementPageQuery } from './schemas';
import { findAccount } from '../accounts';
import { ownerNow } from '../core/clock';
import { publicOperation } from '../core/http/operation';
import { newNonce, PAGE_HEADERS, pageCsp, replyWith } from '../core/http/page';
import { impossiblePathParameter } from '../core/ids';
import { findBankAccount } from './bank-account-store';
import { isStatementPageLink, statementLines } from './statement';
import { statementMessageHtml, statementPageHtml } from './statement-page';

type Query = FromSchema<typeof statementPageQuery>;

/** Headers and CSP of every answer of the page: no script, no form, nothing loaded. */
function reply(statusCode: number): string {
  const nonce = newNonce();
  replyWith({ statusCode, headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce) } });
  return nonce;
}

const refused = (statusCode: number, title: string, message: string) =>
  statementMessageHtml({ title, message, nonce: reply(statusCode) });

/**
 * The statement page a signed link opens (statement.ts): the link is checked before anything is read,
 * so a page of a bank account is shown only to whoever the owner's API call gave the link.
 */
export const renderStatementPage = publicOperation<unknown, Query>(async ({ params, query, now }) => {
  const id = params.bankAccountId;
  if (impossiblePathParameter(params) || !(await isStatementPageLink(id, query, now)))
    return refused(403, 'Link not valid', 'This statement link is not valid or has expired. Ask for a new one.');
  const account = await findBankAccount(id);
  // A link is signed only for a test bank account, and bank accounts are never deleted.
  if (!account?.test) return refused(404, 'Statement not found', 'There is no statement at this address.');
  const lines = await statementLines(account, await ownerNow(account.accountId, now, findAccount));
  return statementPageHtml({
    account,
    lines,
    linkExpiresAt: new Date(Number(query.expires) * 1000),
    nonce: reply(200),
  });
});
