import { businessRule, type BusinessRuleCode } from '../errors/classes';
import { config } from '../config';
import type { TableKey } from './entity';
import type { TransactionStep } from './transaction';

/**
 * The step of a transaction that moves a count kept on its own item (`attribute`, `count` unless
 * named) by `delta`: a step up commits only while the count stays within `max`, else the whole
 * transaction is refused with `code`; a step down always commits. The count's item key is its
 * group's (entities.ts).
 */
export function boundedCountStep(
  key: TableKey,
  delta: number,
  max: number,
  code: BusinessRuleCode,
  attribute = 'count',
): TransactionStep {
  if (delta > max) throw new Error(`a step of ${delta} passes the bound ${max}`);
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: key,
        UpdateExpression: 'ADD #count :delta',
        ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room' } : {}),
        ExpressionAttributeNames: { '#count': attribute },
        ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 ? { ':room': max - delta } : {}) },
      },
    },
    onConditionFailed: () => businessRule(code),
  };
}
