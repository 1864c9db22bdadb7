import type { FromSchema } from 'json-schema-to-ts';
import type { setPreferredNameBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { setPreferredName } from './bank-account-store';
import { loadQuartzBankAccount } from './load-bank-account';

type Body = FromSchema<typeof setPreferredNameBody>;

// Reads the bank account and writes conditionally on what it read: a concurrent change re-reads.
export const setPreferredBankAccountName = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const account = await loadQuartzBankAccount(request);
    const at = isoTimestamp(request.now);
    const name = request.body.preferredBankAccountName;
    const activityNumber = await setPreferredName(account, name, request.auth.principal.crn, at);
    return {
      activityNumber,
      createdAt: at,
      bankAccountId: account.id,
      type: 'set-preferred-bank-account-name',
      preferredBankAccountName: name,
      createdBy: request.auth.principal.crn,
    };
  }),
);
