import type { TokenCollection } from './entities';
import { findCollections } from './collection-store';
import { listMerchantConditions } from './redemption-store';

/**
 * The collections of `ids` a merchant may name (its configs' token and ledger options, a payment
 * request's `collectionId`): its own account's, and another issuer's once that issuer agreed a
 * redemption condition with the merchant. Any other is left out exactly as a missing one is, so
 * naming another account's collection tells nothing of it.
 */
export async function findMerchantCollections(
  ids: readonly string[],
  merchant: { id: string; accountId: string },
): Promise<Map<string, TokenCollection>> {
  const [found, conditions] = await Promise.all([findCollections(ids), listMerchantConditions(merchant.id)]);
  const agreed = new Set(conditions.map((condition) => condition.collectionId));
  return new Map(
    [...found].filter(([id, collection]) => collection.accountId === merchant.accountId || agreed.has(id)),
  );
}
