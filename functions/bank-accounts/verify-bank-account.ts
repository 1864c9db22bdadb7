import type { FromSchema } from 'json-schema-to-ts';
import type { verifyBankAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { verify } from './bank-account-store';
import { loadBankAccount } from './load-bank-account';

type Body = FromSchema<typeof verifyBankAccountBody>;

const run = authedOperation<Body>(async (request) => {
  const account = await loadBankAccount(request);
  await verify(account, request.body.verificationCode, request.auth.principal.crn, request.now);
  return { verificationCode: request.body.verificationCode };
});

export const verifyBankAccount = run;
/** The deprecated twin verifies the same stored bank account. */
export const verifyBankAuthority = run;
