import type { FromSchema } from 'json-schema-to-ts';
import type { programMembershipsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load';
import { queryProgramMemberships } from './store';

/** A program's memberships in one status, newest first: its owner's listing. */
export const listProgramMemberships = authedOperation<unknown, FromSchema<typeof programMembershipsQuery>>(
  async (request) => {
    const program = await loadProgram(request);
    return queryProgramMemberships(program.id, request.query.status, request.query);
  },
);
