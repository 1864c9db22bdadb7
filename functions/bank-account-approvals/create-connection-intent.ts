import type { FromSchema } from 'json-schema-to-ts';
import type { createIntentBody } from './schemas';
import { findBankAccount } from '../bank-accounts';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { intentEntity, type ConnectionIntent } from './entities';
import { authorizationUrl, presentIntent } from './intents';
import { madeBy } from '../core/audit';

type Body = FromSchema<typeof createIntentBody>;

const PAYMENT_ONLY = ['name', 'period', 'totalAmount'] as const;

/**
 * Starts a consent flow with the bank: `authorizationUrl` opens the bank's consent page, where the
 * user approves or declines; the app then completes the intent with the code the bank returned.
 * The bank here is the platform's own simulator, so only test intents exist: a live one is refused
 * (LIVE_BANK_CONNECTIONS_UNAVAILABLE) rather than pretending to reach a bank. An intent is test or
 * live as its `test` flag says, and must agree with its bank account and with a test account
 * (LIVENESS_MISMATCH).
 */
export const createConnectionIntent = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  const payments = body.type === 'enduring-payment-consent';
  if (!payments) {
    const given = PAYMENT_ONLY.find((field) => body[field] !== undefined);
    if (given) throw badRequest(`${given} is only for enduring-payment-consent`);
  }
  if (payments && !body.bankAccountId) throw badRequest('bankAccountId is required for enduring-payment-consent');
  const test = body.test === true;
  if (body.bankAccountId) {
    const bank = await findBankAccount(body.bankAccountId);
    if (!bank || bank.accountId !== account.id) throw forbidden();
    if ((bank.test === true) !== test) throw businessRule('LIVENESS_MISMATCH');
  }
  if (account.test === true && !test) throw businessRule('LIVENESS_MISMATCH');
  if (!test) throw businessRule('LIVE_BANK_CONNECTIONS_UNAVAILABLE');
  const at = isoTimestamp(now);
  const id = newId();
  const intent: ConnectionIntent = {
    id,
    accountId: account.id,
    type: body.type,
    status: 'created',
    ...madeBy(auth.principal.crn, at),
    authorizationUrl: authorizationUrl(id),
    test,
    ...(body.bankAccountId ? { bankAccountId: body.bankAccountId } : {}),
    ...(payments
      ? {
          name: body.name ?? 'Enduring payment consent',
          period: body.period ?? 'daily',
          ...(body.totalAmount ? { totalAmount: body.totalAmount } : {}),
        }
      : {}),
    version: 1,
  };
  await intentEntity.create(intent);
  return presentIntent(intent);
});
