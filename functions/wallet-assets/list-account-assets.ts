import type { FromSchema } from 'json-schema-to-ts';
import type { accountAssetsQuery } from './schemas';
import { accountTokensBefore, accountTokensByExternalId } from '../tokens';
import { decodePageKey, encodePageKey, mergeBySortKey, paginationLimit } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { accountWalletsBefore } from './asset-store';

type Query = FromSchema<typeof accountAssetsQuery>;

/**
 * An account's assets that are not archived, newest first. Wallets and tokens live in partitions of their own with
 * the same sort keys (`<createdAt>#<id>`): a page reads at most one more than its size from each and merges them, and
 * its page key is the last sort key it returned. With `externalId`, the account's tokens of that id (only tokens
 * have one), newest first within each type.
 */
export const listAccountAssets = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  const limit = paginationLimit(query.paginationLimit);
  if (query.externalId !== undefined) {
    if (query.category === 'money') return { items: [] };
    return accountTokensByExternalId(account.id, query.externalId, { ...query, archived: false });
  }
  const scope = `ACCOUNTASSETLIST#${account.id}#${query.category ?? 'all'}`;
  const before = query.pageKey ? String((await decodePageKey(query.pageKey, scope)).before) : undefined;
  const [wallets, tokens] = await Promise.all([
    query.category === 'token' ? [] : accountWalletsBefore(account.id, before, limit + 1),
    query.category === 'money' ? [] : accountTokensBefore(account.id, before, limit + 1),
  ]);
  const merged = mergeBySortKey<(typeof wallets)[number] | (typeof tokens)[number]>([wallets, tokens], true);
  const page = merged.slice(0, limit);
  const items = await Promise.all(page.map((entry) => entry.view()));
  const last = page.at(-1);
  return merged.length > limit && last
    ? { items, nextPageKey: await encodePageKey({ before: last.sortKey }, scope) }
    : { items };
});
