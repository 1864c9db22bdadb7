import type { FromSchema } from 'json-schema-to-ts';
import type { verifyBankAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { logger } from '../core/observability';
import { verify } from './bank-account-store';
import type { BankAccount } from './entities';
import { loadBankAccount } from './load-bank-account';

type Body = FromSchema<typeof verifyBankAccountBody>;

/**
 * What follows a verification, wired by the Lambda entry (functions/lambda/bank-accounts.ts): the
 * funds-transfers group credits the top ups that waited for it, which this group cannot import.
 */
type OnVerified = (bankAccount: BankAccount, now: Date) => Promise<void>;

export const verifyBankAccount = (onVerified: OnVerified) =>
  authedOperation<Body>(async (request) => {
    const account = await loadBankAccount(request);
    await verify(account, request.body.verificationCode, request.auth.principal.crn, request.now);
    // The verification stands either way: a top up not credited now is by its next read or daily timer.
    await onVerified(account, request.now).catch((error: unknown) =>
      logger.warn('settled top ups not credited on verification', { bankAccountId: account.id, error: String(error) }),
    );
    return { verificationCode: request.body.verificationCode };
  });
