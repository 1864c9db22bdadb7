import { randomUUID } from 'node:crypto';
import type { FromSchema } from 'json-schema-to-ts';
import type { authorizeIntentBody } from './schemas';
import { findAccount } from '../accounts';
import { BANK_ACCOUNT_CODES, bankAccountRecord, findBankAccount, registrationSteps } from '../bank-accounts';
import { isoTimestamp, ownerNow } from '../core/clock';
import { retryOnConflict, runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { newId, randomBase58 } from '../core/ids';
import { approvalSteps, SUMMARY_STATUS } from './approval-store';
import { intentEntity, type ConnectionIntent, type StoredApproval } from './entities';
import { codeMatches } from './intents';

type Body = FromSchema<typeof authorizeIntentBody>;

/**
 * Completes an intent with the one-time code the bank's consent flow returned: before the user
 * answered AUTHORIZATION_PENDING, after a refusal AUTHORIZATION_FAILED, a code that is not the one
 * issued (or has expired) AUTHORIZATION_CODE_INVALID. A good code, in one transaction, marks the
 * intent `authorized` and records the consent as an `approved` approval of its type (refresh token,
 * consent id) on the intent's bank account, or, for an account-information consent naming none, on
 * the bank account the user shared, registered with it. The same code again answers the same `{}`.
 */
export const authorizeConnectionIntent = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const intent = await loadIntent(request);
    if (intent.status === 'failed') throw businessRule('AUTHORIZATION_FAILED');
    const consent = intent.consent;
    if (!consent) throw businessRule('AUTHORIZATION_PENDING');
    const matches = codeMatches(request.body.code, consent.codeHash);
    if (intent.status === 'authorized') {
      if (matches) return {};
      throw businessRule('AUTHORIZATION_CODE_INVALID');
    }
    const now = await ownerNow(intent.accountId, request.now, findAccount);
    if (!matches || !consent.codeExpiresAt || now.getTime() > Date.parse(consent.codeExpiresAt))
      throw businessRule('AUTHORIZATION_CODE_INVALID');
    await runTransaction(await authorizationSteps(intent, request.auth.principal.crn, isoTimestamp(now)));
    return {};
  }),
);

async function loadIntent(request: AuthedRequest): Promise<ConnectionIntent> {
  const intent = await intentEntity.get(request.params.bankAccountConnectionIntentId);
  if (!intent) throw forbidden();
  await request.auth.access.account(intent.accountId);
  return intent;
}

async function authorizationSteps(intent: ConnectionIntent, by: string, at: string): Promise<TransactionStep[]> {
  const approvalId = newId();
  const approval = (bankAccountId: string): StoredApproval => ({
    id: approvalId,
    bankAccountId,
    accountId: intent.accountId,
    type: intent.type,
    status: 'approved',
    refreshToken: randomBase58(43),
    consentId: randomUUID(),
    approvalActivities: [{ activityNumber: 1, approvalId, activityType: 'consented', createdAt: at, createdBy: by }],
    createdAt: at,
    createdBy: by,
    modifiedAt: at,
    modifiedBy: by,
    version: 1,
  });
  const completed = (bankAccountId: string): ConnectionIntent => ({
    ...intent,
    status: 'authorized',
    bankAccountId,
    approvalId,
    updatedAt: at,
    updatedBy: by,
  });
  const shared = intent.consent?.sharedAccount;
  if (intent.bankAccountId || !shared) {
    const bank = intent.bankAccountId ? await findBankAccount(intent.bankAccountId) : undefined;
    // The intent's bank account was checked at create; bank accounts are archived, never deleted.
    if (!bank) throw businessRule('AUTHORIZATION_FAILED');
    return [intentEntity.replaceStep(intent, completed(bank.id)), ...approvalSteps(approval(bank.id), bank)];
  }
  const registered = bankAccountRecord(
    {
      accountId: intent.accountId,
      bankAccountNumber: shared.bankAccountNumber,
      bankAccountName: shared.bankAccountName,
      test: intent.test,
      approvals: [{ type: intent.type, status: SUMMARY_STATUS.approved, updatedAt: at }],
    },
    by,
    at,
  );
  return [
    intentEntity.replaceStep(intent, completed(registered.id)),
    ...registrationSteps(registered, BANK_ACCOUNT_CODES),
    ...approvalSteps(approval(registered.id)),
  ];
}
