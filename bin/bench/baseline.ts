import { DynamoDBClient, PutItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { sdkClient } from '../../functions/core/observability';
import { measure, type Measurement } from './measure';

/** The name of the raw transaction baseline of `size` items. */
export const transactionBaseline = (size: number) => `baseline: TransactWriteItems (${size} items)`;
/** The baseline the goals and every write's ratio divide by: one 3-item transaction. */
export const BASELINE_TRANSACTION = transactionBaseline(3);

/**
 * Raw DynamoDB Local: what one PutItem and one TransactWriteItems of 3 and of 6 items cost on this machine (a client
 * configured as the platform's).
 */
export async function baselines(tableName: string, ops: number, concurrencies: number[]): Promise<Measurement[]> {
  const client = sdkClient(new DynamoDBClient({}));
  const item = () => ({ PK: { S: `BENCH#${randomUUID()}` }, SK: { S: 'BENCH' }, payload: { S: 'x'.repeat(200) } });
  const results: Measurement[] = [];
  for (const concurrency of concurrencies) {
    results.push(
      await measure('baseline: PutItem', concurrency, ops, async () => {
        await client.send(new PutItemCommand({ TableName: tableName, Item: item() }));
      }),
    );
    // 3 items: the goals' baseline; 6: the size of a pay's own transaction, to tell its share of a pay's time.
    for (const size of [3, 6])
      results.push(
        await measure(transactionBaseline(size), concurrency, ops, async () => {
          await client.send(
            new TransactWriteItemsCommand({
              TransactItems: Array.from({ length: size }, () => ({
                Put: { TableName: tableName, Item: item(), ConditionExpression: 'attribute_not_exists(PK)' },
              })),
            }),
          );
        }),
      );
  }
  client.destroy();
  return results;
}
