import type { FromSchema } from 'json-schema-to-ts';
import type { createBankAuthorityBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { BANK_AUTHORITY_CODES } from './bank-account-store';
import { register } from './register';
import { bankAuthorityView } from './views';

type Body = FromSchema<typeof createBankAuthorityBody>;

/** A bank authority is a bank account registered with its direct-debit authority (and the signer's address). */
export const createBankAuthority = authedOperation<Body>(async (request) => {
  const {
    accountId,
    bankAccountNumber,
    bankAccountName,
    fullName,
    phoneNumber,
    emailAddress,
    streetAddress,
    suburb,
    city,
    postCode,
  } = request.body;
  const directDebitAuthority = { fullName, phoneNumber, emailAddress, streetAddress, suburb, city, postCode };
  return bankAuthorityView(
    await register(
      request,
      { accountId, bankAccountNumber, bankAccountName, directDebitAuthority },
      BANK_AUTHORITY_CODES,
    ),
  );
});
