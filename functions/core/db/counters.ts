import { config } from '../config';
import type { TableKey } from './entity';
import type { TransactionStep } from './transaction';

/**
 * The transaction step that counts one more of something on a counter item, conditional on the
 * count staying within `max`: a limit kept in the same transaction as the write it counts.
 */
export function boundedIncrementStep(key: TableKey, attribute: string, max: number, onExceeded: () => Error): TransactionStep {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: { ':one': 1, ':max': max },
      },
    },
    onConditionFailed: onExceeded,
  };
}

/** The step that counts one less (the counted thing removed in the same transaction). */
export function decrementStep(key: TableKey, attribute: string): TransactionStep {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: key,
        UpdateExpression: 'ADD #count :less',
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: { ':less': -1 },
      },
    },
  };
}
