import type { FromSchema } from 'json-schema-to-ts';
import type { loyaltyProgramsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listPrograms } from './program-store';

type Query = FromSchema<typeof loyaltyProgramsQuery>;

/** An account's programs, newest first. */
export const listLoyaltyPrograms = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listPrograms(account.id, query);
});
