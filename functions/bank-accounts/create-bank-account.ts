import type { FromSchema } from 'json-schema-to-ts';
import type { createBankAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { BANK_ACCOUNT_CODES } from './bank-account-store';
import { register } from './register';
import { bankAccountView } from './views';

type Body = FromSchema<typeof createBankAccountBody>;

export const createBankAccount = authedOperation<Body>(async (request) => {
  const { accountId, bankAccountNumber, bankAccountName, type, test, directDebitAuthority: dda } = request.body;
  const directDebitAuthority = dda && {
    fullName: dda.fullName,
    phoneNumber: dda.phoneNumber,
    emailAddress: dda.emailAddress,
  };
  return bankAccountView(
    await register(
      request,
      { accountId, bankAccountNumber, bankAccountName, type, test, directDebitAuthority },
      BANK_ACCOUNT_CODES,
    ),
  );
});
