import type { FromSchema } from 'json-schema-to-ts';
import type { registerSearchQuery } from './schemas';
import { decodePageKey, encodePageKey, paginationLimit } from '../core/db/pagination';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { companyRegister } from './company-register';

type Query = FromSchema<typeof registerSearchQuery>;

/** The register's answers past this many are not listed: a query that broad is refined, not paged through. */
const MAX_RESULTS = 1000;

/**
 * Companies matching `q`, most relevant first, a page at a time (the page key holds the offset, bound to the query).
 */
export const searchCompanyRegister = authedOperation<unknown, Query>(async ({ query }) => {
  const scope = `nzbn-search:${query.q.trim().toUpperCase()}`;
  const offset = query.pageKey ? Number((await decodePageKey(query.pageKey, scope)).offset) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('pageKey is invalid');
  const limit = paginationLimit(query.paginationLimit);
  const matches = (await companyRegister().search(query.q)).slice(0, MAX_RESULTS);
  const items = matches.slice(offset, offset + limit);
  const next = offset + limit;
  return { items, ...(next < matches.length ? { nextPageKey: await encodePageKey({ offset: next }, scope) } : {}) };
});
