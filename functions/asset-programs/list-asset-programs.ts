import type { FromSchema } from 'json-schema-to-ts';
import type { assetProgramsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryPublishedPrograms } from './store';

type Query = FromSchema<typeof assetProgramsQuery>;

/** Published programs, newest first: of the caller's account's liveness unless `test` asks for the other. */
export const listAssetPrograms = authedOperation<unknown, Query>(async ({ query, auth }) =>
  queryPublishedPrograms(query.test ?? auth.principal.account.test === true, query),
);
