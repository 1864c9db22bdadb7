import {
  merchantConditionEntity,
  merchantRedemptionsPartition,
  redemptionConditionEntity,
  type AllowedProduct,
  type RedemptionCondition,
  type StoredRedemptionCondition,
} from './entities';
import { redemptionCondition } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';

/** One condition per collection and merchant: the guard item is written in the same transaction. */
export async function insertRedemptionCondition(
  input: { collectionId: string; merchantId: string; allowedProducts: AllowedProduct[] },
  createdBy: string,
  now: Date,
): Promise<RedemptionCondition> {
  const condition: StoredRedemptionCondition = {
    id: newId(),
    merchantId: input.merchantId,
    collectionId: input.collectionId,
    allowedProducts: input.allowedProducts,
    createdAt: isoTimestamp(now),
    createdBy,
    version: 1,
  };
  await runTransaction([
    merchantConditionEntity.createStep(
      { collectionId: input.collectionId, merchantId: input.merchantId, conditionId: condition.id },
      { onExists: () => businessRule('REDEMPTION_CONDITION_ALREADY_EXISTS') },
    ),
    redemptionConditionEntity.createStep(condition),
  ]);
  return presentCondition(condition);
}

export const findRedemptionCondition = (id: string): Promise<StoredRedemptionCondition | undefined> =>
  redemptionConditionEntity.get(id);

/** The merchant's condition for a collection, read consistently (what a pay checks). */
export async function findMerchantCondition(
  collectionId: string,
  merchantId: string,
): Promise<StoredRedemptionCondition | undefined> {
  const guard = await merchantConditionEntity.get(collectionId, merchantId);
  return guard ? findRedemptionCondition(guard.conditionId) : undefined;
}

/** Every condition of a merchant (one per collection it redeems: a small set). */
export const listMerchantConditions = (merchantId: string): Promise<StoredRedemptionCondition[]> =>
  redemptionConditionEntity.all({ partition: merchantRedemptionsPartition(merchantId), index: 'GSI1' });

/** Replaces the allowed products, conditional on the version read (a concurrent replacement conflicts). */
export async function replaceAllowedProducts(
  current: StoredRedemptionCondition,
  allowedProducts: AllowedProduct[],
  updatedBy: string,
  now: Date,
): Promise<RedemptionCondition> {
  const next = await redemptionConditionEntity.replace(current, {
    ...current,
    allowedProducts,
    updatedAt: isoTimestamp(now),
    updatedBy,
  });
  return presentCondition(next);
}

const presentCondition = (condition: RedemptionCondition): RedemptionCondition =>
  publicView<RedemptionCondition>(redemptionCondition, condition);
