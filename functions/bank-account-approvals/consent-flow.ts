import { randomInt } from 'node:crypto';
import { findAccount } from '../accounts';
import { isoTimestamp, ownerNow } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { config } from '../core/config';
import { publicOperation } from '../core/http/operation';
import { isPageActionToken, newNonce, PAGE_HEADERS, pageCsp, refusesCrossSite, replyWith } from '../core/http/page';
import { impossiblePathParameter, randomBase58 } from '../core/ids';
import { consentMessageHtml } from './consent-page';
import { intentEntity, type Consent, type ConnectionIntent } from './entities';
import { codeHash, consentPath } from './intents';

/**
 * The simulated bank's consent flow (docs/api/bank-accounts-and-approvals.md). The consent page is public,
 * as a bank's is; what authorizes an answer is a token only the page carries (HMAC under the page-key
 * secret, bound to the intent and the answer, core/http/page.ts), a browser's cross-site post is
 * refused, and answers are POSTs answered with 303, so a link scanner changes nothing. An intent is
 * answered once (conditional on its version and on no answer yet). Approving issues a one-time code,
 * of which only a hash is kept, valid for CODE_TTL_MINUTES on the intent's account's clock; the bank
 * sends the user back to the return page with it (`?code=`), or with `?error=access_denied`.
 */
export const LABEL = 'bank-consent-action-token/v1';
const CODE_TTL_MINUTES = 10;
/** Who answers on the simulated bank's side. */
const BANK = 'crn::service:test-bank';

export type Answer = 'approve' | 'decline';

/** Headers and CSP of every answer of these pages; forms post to this origin only. */
export function page(nonce: string, statusCode?: number, headers: Record<string, string> = {}) {
  replyWith({
    ...(statusCode ? { statusCode } : {}),
    headers: { ...PAGE_HEADERS, ...headers, 'content-security-policy': pageCsp(nonce) },
  });
}

export function message(
  statusCode: number,
  title: string,
  text: string,
  extra: { headers?: Record<string, string>; code?: string } = {},
): string {
  const nonce = newNonce();
  page(nonce, statusCode, extra.headers);
  return consentMessageHtml({ title, message: text, nonce, ...(extra.code ? { code: extra.code } : {}) });
}

export const open = (intent: ConnectionIntent) => intent.status === 'created' && !intent.consent;

export function answer(kind: Answer) {
  return publicOperation<unknown, { token?: string }>(async ({ params, query, headers, now }) => {
    const id = params.bankAccountConnectionIntentId;
    if (refusesCrossSite(headers)) return message(403, 'Not allowed', 'Answer from the consent page itself.');
    if (!(await isPageActionToken(LABEL, kind, id, query.token)))
      return message(
        403,
        'Link not valid',
        'This link is not valid for this consent request. Open the consent page again.',
      );
    const outcome = await retryOnConflict(async (): Promise<Record<string, string> | 'answered' | undefined> => {
      const intent = impossiblePathParameter(params) ? undefined : await intentEntity.get(id);
      if (!intent) return undefined;
      if (!open(intent)) return 'answered' as const;
      const at = isoTimestamp(await ownerNow(intent.accountId, now, findAccount));
      const code = kind === 'approve' ? randomBase58(32) : undefined;
      const consent: Consent = code
        ? {
            decision: 'approved',
            decidedAt: at,
            codeHash: codeHash(code),
            codeExpiresAt: new Date(Date.parse(at) + CODE_TTL_MINUTES * 60_000).toISOString(),
            ...(intent.type === 'account-information-consent' && !intent.bankAccountId
              ? { sharedAccount: sharedTestAccount() }
              : {}),
          }
        : { decision: 'declined', decidedAt: at };
      const next: ConnectionIntent = {
        ...intent,
        consent,
        ...(code ? {} : { status: 'failed', updatedAt: at, updatedBy: BANK }),
      };
      await runTransaction([intentEntity.replaceStep(intent, next)]);
      return code ? { code } : { error: 'access_denied' };
    });
    if (!outcome)
      return message(
        404,
        'Consent request not found',
        'There is no consent request at this address. Start again from the app.',
      );
    if (outcome === 'answered')
      return message(409, 'Already answered', 'This consent request has already been answered. Return to the app.');
    const location = `${config().appBaseUrl}${consentPath(id, 'complete')}?${new URLSearchParams(outcome).toString()}`;
    return message(303, 'Continue', 'Continue to the app.', { headers: { location } });
  });
}

/**
 * The bank account the simulated bank shares for an account-information consent: a test number of its own bank (99).
 */
function sharedTestAccount(): NonNullable<Consent['sharedAccount']> {
  const digits = (n: number) => String(randomInt(10 ** n)).padStart(n, '0');
  return { bankAccountNumber: `99-${digits(4)}-${digits(7)}-${digits(3)}`, bankAccountName: 'Test Bank Customer' };
}
