import { accountNow } from '../core/clock';
import { publicView } from '../core/db/entity';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadBankAccount } from './load-bank-account';
import { statementLine } from './schemas';
import { statementLines, statementPageLink } from './statement';

/**
 * A test bank account's statement at the simulated bank, for the account that registered it, with a
 * short-lived link to its page (statement.ts); a live bank account has none
 * (LIVE_BANK_STATEMENT_UNAVAILABLE): no real bank stands behind it.
 */
export const getBankAccountStatement = authedOperation(async (request) => {
  const account = await loadBankAccount(request);
  if (account.test !== true) throw businessRule('LIVE_BANK_STATEMENT_UNAVAILABLE');
  // The link expires on the platform's clock, which the page reads: a test clock moves neither.
  const [lines, link] = await Promise.all([
    statementLines(account, request.now),
    accountNow().then((now) => statementPageLink(account.id, now)),
  ]);
  return {
    bankAccountId: account.id,
    bankAccountNumber: account.bankAccountNumber,
    bankAccountName: account.bankAccountName,
    lines: lines.map((line) => publicView(statementLine, line)),
    pageUrl: link.url,
    pageUrlExpiresAt: link.expiresAt.toISOString(),
  };
});
