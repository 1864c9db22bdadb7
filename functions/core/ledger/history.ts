import {
  countThrough,
  decodePageKey,
  encodePageKey,
  type IndexRange,
  mergeBySortKey,
  type Page,
  paginationLimit,
  readIndex,
} from '../db/pagination';
import { badRequest } from '../errors/classes';
import {
  assetHistoryPartition,
  type LedgerEntry,
  legacyLedgerEntry,
  type PostedTransferRecord,
  postedTransferEntity,
  TRANSFER_RECORD_FIELDS,
} from './entities';

/**
 * An asset's history: the movements of its balance, read from two index partitions under one name
 * (`ASSETTXN#<assetId>`): GSI1 holds the transfers it was debited by (and every version 1 entry of it, debit or
 * credit), GSI2 the version 2 transfers it was credited by. Both order by `<createdAt>#<txnId>`, so merged by that
 * key they are the history in time order; a transfer never lies in both partitions of one asset (its two sides are
 * two assets), so no key repeats. A page key is the last sort key returned: it positions both queries.
 */

type HistoryIndex = 'GSI1' | 'GSI2';
const INDEXES: readonly HistoryIndex[] = ['GSI1', 'GSI2'];

/** One movement of the asset and its place in the history. */
export interface HistoryItem {
  entry: LedgerEntry;
  sortKey: string;
}

/** The references a transfer carries (payment request, refund, top-up ids): every other field of its record. */
export function transferRefs(record: PostedTransferRecord): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const [name, value] of Object.entries(record))
    if (!TRANSFER_RECORD_FIELDS.has(name) && typeof value === 'string') refs[name] = value;
  return refs;
}

/** The movement a stored item of an asset's history is for that asset: a version 1 entry, or its side of a transfer. */
function historyItem(item: Record<string, unknown>, assetId: string): HistoryItem {
  const sortKey = String(item.GSI1SK);
  if (Number(item.v) === legacyLedgerEntry.version) return { entry: legacyLedgerEntry.parse(item), sortKey };
  const record = postedTransferEntity.parse(item);
  const debit = record.debitAssetId === assetId;
  return {
    sortKey,
    entry: {
      ...transferRefs(record),
      txnId: record.txnId,
      side: debit ? 'D' : 'C',
      kind: record.kind,
      assetId,
      otherAssetId: debit ? record.creditAssetId : record.debitAssetId,
      amount: record.amount,
      currency: record.currency,
      createdAt: record.createdAt,
    },
  };
}

/** Up to `limit` movements of an asset in the range, both partitions merged in the range's order. */
async function readHistory(assetId: string, range: IndexRange, limit: number): Promise<HistoryItem[]> {
  const partition = assetHistoryPartition(assetId);
  const sides = await Promise.all(INDEXES.map((index) => readIndex({ partition, index, range, limit })));
  return mergeBySortKey(
    sides.map((side) => side.map((item) => historyItem(item, assetId))),
    range.newestFirst,
    limit,
  );
}

/**
 * The sort key a page key resumes before. Keys this listing issued before the merge (a GSI1 LastEvaluatedKey) carry
 * it as GSI1SK, so a client paging across the change goes on where it was.
 */
function resumeBefore(key: Record<string, unknown>): string {
  const before = key.before ?? key.GSI1SK;
  if (typeof before !== 'string') throw badRequest('pageKey is invalid');
  return before;
}

/** One page of an asset's history, newest first; the partition name is the page key's scope. */
export async function assetHistoryPage(
  assetId: string,
  page: { paginationLimit?: number; pageKey?: string },
): Promise<Page<HistoryItem>> {
  const scope = assetHistoryPartition(assetId);
  const limit = paginationLimit(page.paginationLimit);
  const before = page.pageKey ? resumeBefore(await decodePageKey(page.pageKey, scope)) : undefined;
  // One more than the page, so a next page key appears only when more exist.
  const items = await readHistory(assetId, { newestFirst: true, before }, limit + 1);
  const shown = items.slice(0, limit);
  const last = shown.at(-1);
  return items.length > limit && last
    ? { items: shown, nextPageKey: await encodePageKey({ before: last.sortKey }, scope) }
    : { items: shown };
}

/** Up to `limit` movements of an asset from a sort key on (all when absent), oldest first. */
export const assetHistoryFrom = (assetId: string, from: string | undefined, limit: number) =>
  readHistory(assetId, { newestFirst: false, from }, limit);

/** How many movements an asset's history holds up to and including `sortKey`: its place, numbering from 1. */
export async function historyCountThrough(assetId: string, sortKey: string): Promise<number> {
  const partition = assetHistoryPartition(assetId);
  const counts = await Promise.all(INDEXES.map((index) => countThrough(partition, sortKey, index)));
  return counts[0] + counts[1];
}
