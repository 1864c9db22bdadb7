import type { FromSchema } from 'json-schema-to-ts';
import { assetTransaction, type fundsTransfersQuery } from './schemas';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';

export type PageQuery = FromSchema<typeof fundsTransfersQuery>;
export type AssetTransaction = FromSchema<typeof assetTransaction>;

/**
 * A newest-first page of a history of immutable movements, numbered by their place in it
 * (1 = the oldest): the newest on the page is counted (`countThrough` its sort key), the rest follow down.
 */
export async function numberedPage<R>(
  countThrough: (sortKey: string) => Promise<number>,
  page: Page<R>,
  row: (record: R) => { sortKey: string; view: Omit<AssetTransaction, 'activityNumber'> },
) {
  const rows = page.items.map(row);
  const newest = rows.length ? await countThrough(rows[0].sortKey) : 0;
  const items = rows.map(({ view }, index) =>
    publicView<AssetTransaction>(assetTransaction, { ...view, activityNumber: String(newest - index) }),
  );
  return { items, ...(page.nextPageKey ? { nextPageKey: page.nextPageKey } : {}) };
}
