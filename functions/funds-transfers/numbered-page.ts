import type { FromSchema } from 'json-schema-to-ts';
import { assetTransaction, type fundsTransfersQuery } from './schemas';
import { publicView } from '../core/db/entity';
import { countThrough, newestFirstPage } from '../core/db/pagination';

export type PageQuery = FromSchema<typeof fundsTransfersQuery>;
export type AssetTransaction = FromSchema<typeof assetTransaction>;

/**
 * A newest-first page of a partition of immutable movements, numbered by their place in it
 * (1 = the oldest): the newest on the page is counted, the rest follow down.
 */
export async function numberedPage<T extends { sortKey: string; view: Omit<AssetTransaction, 'activityNumber'> }>(
  partition: string,
  query: PageQuery,
  map: (item: Record<string, unknown>) => T,
) {
  const page = await newestFirstPage(partition, query, map);
  const newest = page.items.length ? await countThrough(partition, page.items[0].sortKey) : 0;
  const items = page.items.map(({ view }, index) =>
    publicView<AssetTransaction>(assetTransaction, { ...view, activityNumber: String(newest - index) }),
  );
  return { items, ...(page.nextPageKey ? { nextPageKey: page.nextPageKey } : {}) };
}
