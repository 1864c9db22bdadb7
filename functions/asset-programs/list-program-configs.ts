import type { FromSchema } from 'json-schema-to-ts';
import type { configsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load';
import { queryProgramConfigs } from './store';

/** A program's configs, newest first: its owner's listing. */
export const listProgramConfigs = authedOperation<unknown, FromSchema<typeof configsQuery>>(async (request) => {
  const program = await loadProgram(request);
  return queryProgramConfigs(program.id, request.query);
});
