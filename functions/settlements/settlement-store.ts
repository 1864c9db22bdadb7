import { settlement as settlementSchema } from './schemas';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { merchantSettlementsPartition, settlementEntity, type Settlement } from './entities';

/** One page of a merchant's settlements, newest first. */
export async function merchantSettlements(
  merchantId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Settlement>> {
  const found = await settlementEntity.page(
    { partition: merchantSettlementsPartition(merchantId), index: 'GSI1' },
    page,
  );
  return { ...found, items: found.items.map((s) => publicView<Settlement>(settlementSchema, s)) };
}
