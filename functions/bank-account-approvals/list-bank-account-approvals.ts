import type { FromSchema } from 'json-schema-to-ts';
import type { approvalsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listApprovals } from './approval-store';
import { loadBankAccount } from './load';

type Query = FromSchema<typeof approvalsQuery>;

/** A bank account's approvals (settlement requests and consents), newest first. */
export const listBankAccountApprovals = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await loadBankAccount(auth, params.bankAccountId);
  return listApprovals(account.id, query);
});
