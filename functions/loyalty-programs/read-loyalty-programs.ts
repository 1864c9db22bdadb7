import type { FromSchema } from 'json-schema-to-ts';
import type { loyaltyProgramsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load-program';
import { listPrograms, present } from './program-store';

type Query = FromSchema<typeof loyaltyProgramsQuery>;

export const getLoyaltyProgram = authedOperation(async (request) => present(await loadProgram(request)));

/** An account's programs, newest first. */
export const listLoyaltyPrograms = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listPrograms(account.id, query);
});
