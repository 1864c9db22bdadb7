import type { FromSchema } from 'json-schema-to-ts';
import type { directDebitAuthorityBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { authorizeDirectDebit } from './bank-account-store';
import { loadBankAccount } from './load-bank-account';
import { bankAccountView } from './views';

type Body = FromSchema<typeof directDebitAuthorityBody>;

/** Once given, an authority's fields are set for good (DIRECT_DEBIT_ALREADY_AUTHORIZED). */
export const addDirectDebitAuthority = authedOperation<Body>(async (request) => {
  const account = await loadBankAccount(request);
  if (account.directDebitAuthorized) throw businessRule('DIRECT_DEBIT_ALREADY_AUTHORIZED');
  const { fullName, phoneNumber, emailAddress } = request.body;
  return bankAccountView(
    await authorizeDirectDebit(
      account,
      { fullName, phoneNumber, emailAddress },
      request.auth.principal.crn,
      isoTimestamp(request.now),
    ),
  );
});
