import { findBankAccount } from '../bank-accounts';
import { publicOperation } from '../core/http/operation';
import { newNonce, pageActionToken } from '../core/http/page';
import { impossiblePathParameter } from '../core/ids';
import { consentPageHtml } from './consent-page';
import { type Answer, LABEL, message, open, page } from './consent-flow';
import { intentEntity } from './entities';
import { consentPath } from './intents';

export const renderConsentPage = publicOperation(async ({ params }) => {
  // An id that cannot exist is a missing intent, found without a read (core/ids.ts).
  const intent = impossiblePathParameter(params)
    ? undefined
    : await intentEntity.get(params.bankAccountConnectionIntentId);
  if (!intent)
    return message(
      404,
      'Consent request not found',
      'There is no consent request at this address. Start again from the app.',
    );
  if (!open(intent))
    return message(200, 'Already answered', 'This consent request has already been answered. Return to the app.');
  const [bank, approve, decline] = await Promise.all([
    intent.bankAccountId ? findBankAccount(intent.bankAccountId) : undefined,
    pageActionToken(LABEL, 'approve', intent.id),
    pageActionToken(LABEL, 'decline', intent.id),
  ]);
  const nonce = newNonce();
  page(nonce);
  const action = (answer: Answer, token: string) =>
    `${consentPath(intent.id, answer)}?token=${encodeURIComponent(token)}`;
  return consentPageHtml({
    intent,
    ...(bank ? { bankAccountNumber: bank.bankAccountNumber } : {}),
    nonce,
    actions: { approve: action('approve', approve), decline: action('decline', decline) },
  });
});
