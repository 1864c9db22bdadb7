import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { QueryCommand, type DocumentClient } from './document';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '../errors/classes';
import { config } from '../config';
import { getPageKeySecret } from '../secrets';
import type { unmarshallOptions } from '@aws-sdk/util-dynamodb';
import { getItems, keyOf } from './batch';
import { DB_READ, db } from './client';

const PAGINATION_LIMIT_DEFAULT = 50;
const PAGINATION_LIMIT_MAX = 100;

export interface Page<T> {
  items: T[];
  nextPageKey?: string;
}

/**
 * Page keys are opaque: the LastEvaluatedKey (table keys, which name accounts and records) sealed
 * with AES-256-GCM under a key derived from the page-key secret, the scope of the query (e.g. the
 * account partition) as associated data. A client reads nothing in one, and a forged or altered
 * key, or one from another listing, fails authentication: a 400.
 */
export async function encodePageKey(lastEvaluatedKey: Record<string, unknown>, scope: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await pageKeyCipherKey(), iv).setAAD(Buffer.from(scope, 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(lastEvaluatedKey), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

export async function decodePageKey(pageKey: string, scope: string): Promise<Record<string, unknown>> {
  const bytes = Buffer.from(pageKey, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== pageKey)
    throw badRequest('pageKey is invalid');
  try {
    const decipher = createDecipheriv('aes-256-gcm', await pageKeyCipherKey(), bytes.subarray(0, IV_BYTES)).setAAD(
      Buffer.from(scope, 'utf8'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    const key = JSON.parse(plain.toString('utf8')) as unknown;
    if (!key || typeof key !== 'object' || Array.isArray(key)) throw new Error('not an object');
    return key as Record<string, unknown>;
  } catch {
    throw badRequest('pageKey is invalid');
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The AES-256 key of page keys: derived (HKDF-SHA256) from the page-key secret, for this use only. */
async function pageKeyCipherKey(): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await getPageKeySecret(), Buffer.alloc(0), 'page-key aes-256-gcm', 32));
}

export function paginationLimit(requested: number | undefined, fallback = PAGINATION_LIMIT_DEFAULT): number {
  if (requested === undefined) return fallback;
  if (!Number.isInteger(requested) || requested < 1 || requested > PAGINATION_LIMIT_MAX) {
    throw badRequest(`paginationLimit must be an integer from 1 to ${PAGINATION_LIMIT_MAX}`);
  }
  return requested;
}

/**
 * What a page's items are read from, and as what: one record per item (`map`), or any number (`expand`, which may
 * read more to make them).
 */
type PageOptions<T> = { scope: string; limit: number; pageKey?: string } & (
  | { map: (item: Record<string, unknown>) => T }
  | { expand: (item: Record<string, unknown>) => T[] | Promise<T[]> }
);

/** Items expanded at once: enough to overlap an expansion's reads, few enough not to read far past a full page. */
const EXPAND_GROUP = 5;

/**
 * Where a page that ended inside an item's records resumes: that item (its table key) and how many of its records
 * were served. A page key holds it beside the key of the item before (absent at the partition's start).
 */
interface Cut {
  PK: unknown;
  SK: unknown;
  served: number;
}

/**
 * One Query page; cost grows with the page size, never with the table size. `scope` binds the
 * page key to this listing. Reads one extra record so `nextPageKey` appears only when more exist.
 * An item read as several records (`expand`) may be cut by the page's end: the page key then says
 * how many of its records were served, and the next page starts with the rest of them. Items are expanded a few at
 * a time, until the page is full.
 */
export async function queryPage<T>(
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>,
  options: PageOptions<T>,
): Promise<Page<T>> {
  const expand = 'expand' in options ? options.expand : (item: Record<string, unknown>) => [options.map(item)];
  const { cut, ...startKey } = options.pageKey ? await decodePageKey(options.pageKey, options.scope) : {};
  let skip = cut as Cut | undefined;
  // Each record with where a page starting at it resumes: after the key of the item before its own.
  const records: { record: T; after?: Record<string, unknown>; cut?: Cut }[] = [];
  let after: Record<string, unknown> | undefined = Object.keys(startKey).length ? startKey : undefined;
  let exclusiveStartKey = after;
  // A filtered query may return short pages; keep reading until the page is full or the partition ends.
  do {
    const out = await db().send(
      new QueryCommand({ ...input, ExclusiveStartKey: exclusiveStartKey, Limit: options.limit + 1 - records.length }),
    );
    const items = (out.Items ?? []) as Record<string, unknown>[];
    for (let start = 0; start < items.length && records.length <= options.limit; start += EXPAND_GROUP) {
      const group = items.slice(start, start + EXPAND_GROUP);
      const expanded = await Promise.all(group.map(expand));
      group.forEach((item, n) => {
        // Only the item the page key was cut in (an index read may since show another first) skips what was served.
        const served = skip && skip.PK === item.PK && skip.SK === item.SK ? skip.served : 0;
        expanded[n].forEach((record, i) => {
          if (i >= served)
            records.push({ record, after, ...(i ? { cut: { PK: item.PK, SK: item.SK, served: i } } : {}) });
        });
        skip = undefined;
        after = lastEvaluatedKeyOf(item, input.IndexName);
      });
    }
    exclusiveStartKey = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (exclusiveStartKey && records.length <= options.limit);

  const page: Page<T> = { items: records.slice(0, options.limit).map(({ record }) => record) };
  const next = records[options.limit];
  if (next)
    page.nextPageKey = await encodePageKey({ ...next.after, ...(next.cut ? { cut: next.cut } : {}) }, options.scope);
  return page;
}

/**
 * One page of a GSI1 (or `index`) partition, newest first (sort keys start with a timestamp). The
 * partition is the page key's scope, so a page key of one listing is refused by any other.
 */
export function newestFirstPage<T>(
  partition: string,
  page: { paginationLimit?: number; pageKey?: string },
  map: (item: Record<string, unknown>) => T,
  projection?: string,
  index: 'GSI1' | 'GSI2' = 'GSI1',
): Promise<Page<T>> {
  return queryPage(
    {
      TableName: config().tableName,
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      ...(projection ? { ProjectionExpression: projection } : {}),
    },
    { scope: partition, limit: paginationLimit(page.paginationLimit), pageKey: page.pageKey, map },
  );
}

function lastEvaluatedKeyOf(item: Record<string, unknown>, indexName: string | undefined): Record<string, unknown> {
  const key: Record<string, unknown> = { PK: item.PK, SK: item.SK };
  if (indexName) {
    key[`${indexName}PK`] = item[`${indexName}PK`];
    key[`${indexName}SK`] = item[`${indexName}SK`];
  }
  return key;
}

/**
 * How many items a GSI1 (or `index`) partition holds up to and including `sortKey`: the place of an item in a
 * listing of immutable items (numbering a history from 1), one COUNT query.
 */
export async function countThrough(
  partition: string,
  sortKey: string,
  index: 'GSI1' | 'GSI2' = 'GSI1',
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: config().tableName,
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk AND ${index}SK <= :sk`,
        ExpressionAttributeValues: { ':pk': partition, ':sk': sortKey },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return count;
}

/** Every item of a small, bounded partition (bare-array listings such as API keys). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  client: DocumentClient = db(),
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: exclusiveStartKey }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    exclusiveStartKey = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (exclusiveStartKey);
  return items;
}

/** Where a read of an index partition starts: before a sort key, newest first; or from one, oldest first. */
export type IndexRange = { newestFirst: true; before?: string } | { newestFirst: false; from?: string };

export type IndexFilter = { expression: string; names: Record<string, string>; values: Record<string, unknown> };

/** The Query of an index partition in a range, under an optional filter. */
function rangeQuery(partition: string, index: 'GSI1' | 'GSI2' | 'GSI3', range: IndexRange, filter?: IndexFilter) {
  const bound = range.newestFirst ? range.before : range.from;
  const onSortKey = bound ? ` AND ${index}SK ${range.newestFirst ? '<' : '>='} :bound` : '';
  return {
    TableName: config().tableName,
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk${onSortKey}`,
    ExpressionAttributeValues: { ':pk': partition, ...(bound ? { ':bound': bound } : {}), ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
    ScanIndexForward: !range.newestFirst,
  };
}

/**
 * Up to `limit` items (all when absent) of an index partition in the range that pass `filter`, reading on
 * past short pages: one side of a listing merged from partitions sharing a sort key form (`<createdAt>#<id>`), where
 * the page key is the last sort key returned rather than one partition's LastEvaluatedKey.
 */
export async function readIndex(
  selection: { partition: string; index?: 'GSI1' | 'GSI2'; range: IndexRange; limit?: number; filter?: IndexFilter },
  client: DocumentClient = db(),
): Promise<Record<string, unknown>[]> {
  const { partition, index = 'GSI1', range, limit, filter } = selection;
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  // A filtered query may return short pages; keep reading until `limit` or the partition ends.
  do {
    const out = await client.send(
      new QueryCommand({
        ...rangeQuery(partition, index, range, filter),
        ...(limit === undefined ? {} : { Limit: limit - items.length }),
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    exclusiveStartKey = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (exclusiveStartKey && (limit === undefined || items.length < limit));
  return items;
}

/**
 * Up to `limit` items (all when absent) of a partition of the keys-only index (GSI3) in the range that `keep`
 * accepts, in the range's order: each page of keys read from the index, then its items from the table by one
 * strongly consistent BatchGetItem, translated with `options` (the index's entries are keys only: strings). An item
 * gone, or no longer at its entry (an index read lags), is skipped, and so is one `keep` refuses; reading goes on
 * until `limit` items or the partition ends.
 */
export async function readKeysOnlyIndex(
  selection: {
    partition: string;
    range: IndexRange;
    limit?: number;
    keep?: (item: Record<string, unknown>) => boolean;
  },
  options: unmarshallOptions = DB_READ,
): Promise<Record<string, unknown>[]> {
  const { partition, range, limit, keep = () => true } = selection;
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        ...rangeQuery(partition, 'GSI3', range),
        ...(limit === undefined ? {} : { Limit: limit - items.length }),
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    const entries = (out.Items ?? []) as Record<string, unknown>[];
    const found = await getItems(
      entries.map((entry) => ({ PK: String(entry.PK), SK: String(entry.SK) })),
      options,
    );
    for (const entry of entries) {
      const item = found.get(keyOf({ PK: String(entry.PK), SK: String(entry.SK) }));
      if (item && item.GSI3PK === partition && item.GSI3SK === entry.GSI3SK && keep(item)) items.push(item);
    }
    exclusiveStartKey = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (exclusiveStartKey && (limit === undefined || items.length < limit));
  return items;
}

/**
 * Listings of one partition name read from two indexes (an index's entries moved to another by a new entity
 * version, a record indexed once per side), merged into one in the range's order by their sort keys, up to `limit`.
 * Both sides share a sort key form (`<createdAt>#<id>`) and no key lies in both, so the merge is the listing.
 */
export function mergeBySortKey<T extends { sortKey: string }>(
  sides: readonly (readonly T[])[],
  newestFirst: boolean,
  limit?: number,
): T[] {
  const order = newestFirst ? -1 : 1;
  return sides
    .flat()
    .sort((a, b) => (a.sortKey < b.sortKey ? -order : a.sortKey > b.sortKey ? order : 0))
    .slice(0, limit);
}

/** Up to `limit` items of a GSI1 partition with sort keys before `before` (all when absent), newest first. */
export const newestBefore = (
  selection: {
    partition: string;
    before?: string;
    limit: number;
    filter?: IndexFilter;
  },
  client: DocumentClient = db(),
) =>
  readIndex(
    {
      partition: selection.partition,
      range: { newestFirst: true, before: selection.before },
      limit: selection.limit,
      ...(selection.filter ? { filter: selection.filter } : {}),
    },
    client,
  );
