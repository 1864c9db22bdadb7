import type { FromSchema } from 'json-schema-to-ts';
import type { verifyBankAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { verify } from './bank-account-store';
import { loadBankAccount } from './load-bank-account';

type Body = FromSchema<typeof verifyBankAccountBody>;

export const verifyBankAccount = authedOperation<Body>(async (request) => {
  const account = await loadBankAccount(request);
  await verify(account, request.body.verificationCode, request.auth.principal.crn, request.now);
  return { verificationCode: request.body.verificationCode };
});
