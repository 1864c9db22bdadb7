import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { config } from '../config';
import { db } from './client';
import type { Entity } from './entity';
import { TransactionConflictError } from './transaction';

/**
 * Replaces a record with its next state, conditional on the version read: a concurrent change
 * throws TransactionConflictError, for `retryOnConflict` to read again and retry.
 */
export async function replaceVersioned<T extends { version: number }, K extends unknown[]>(
  entity: Entity<T, K>,
  current: T,
  next: T,
): Promise<T> {
  const stored = { ...next, version: current.version + 1 };
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: entity.item(stored),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConflictError();
    throw error;
  }
  return stored;
}
