import type { FromSchema } from 'json-schema-to-ts';
import type { loyaltyProgramsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load-program';
import { listMembers } from './membership-store';

type Query = FromSchema<typeof loyaltyProgramsQuery>;

/** A program's members, newest first: for the program's owner. */
export const listLoyaltyProgramMemberships = authedOperation<unknown, Query>(async (request) =>
  listMembers(await loadProgram(request), request.query),
);
