import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
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
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { queryAll } from '../core/db/pagination';
import { runTransaction, TransactionConflictError } from '../core/db/transaction';
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
  const table = config().tableName;
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table,
          Item: merchantConditionEntity.item({
            collectionId: input.collectionId,
            merchantId: input.merchantId,
            conditionId: condition.id,
          }),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: () => businessRule('REDEMPTION_CONDITION_ALREADY_EXISTS'),
    },
    {
      item: {
        Put: {
          TableName: table,
          Item: redemptionConditionEntity.item(condition),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
  return presentCondition(condition);
}

export async function findRedemptionCondition(id: string): Promise<StoredRedemptionCondition | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: redemptionConditionEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? redemptionConditionEntity.parse(out.Item) : undefined;
}

/** The merchant's condition for a collection, read consistently (what a pay checks). */
export async function findMerchantCondition(
  collectionId: string,
  merchantId: string,
): Promise<StoredRedemptionCondition | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: config().tableName,
      Key: merchantConditionEntity.key(collectionId, merchantId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? findRedemptionCondition(merchantConditionEntity.parse(out.Item).conditionId) : undefined;
}

/** Every condition of a merchant (one per collection it redeems: a small set). */
export async function listMerchantConditions(merchantId: string): Promise<StoredRedemptionCondition[]> {
  const items = await queryAll({
    TableName: config().tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': merchantRedemptionsPartition(merchantId) },
  });
  return items.map((item) => redemptionConditionEntity.parse(item));
}

/** Replaces the allowed products, conditional on the version read (a concurrent replacement conflicts). */
export async function replaceAllowedProducts(
  current: StoredRedemptionCondition,
  allowedProducts: AllowedProduct[],
  updatedBy: string,
  now: Date,
): Promise<RedemptionCondition> {
  const next: StoredRedemptionCondition = {
    ...current,
    allowedProducts,
    updatedAt: isoTimestamp(now),
    updatedBy,
    version: current.version + 1,
  };
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: redemptionConditionEntity.item(next),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConflictError();
    throw error;
  }
  return presentCondition(next);
}

export const presentCondition = (condition: RedemptionCondition): RedemptionCondition =>
  publicView<RedemptionCondition>(redemptionCondition, condition);
