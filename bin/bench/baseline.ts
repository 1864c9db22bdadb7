import { DynamoDBClient, PutItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { sdkClient } from '../../functions/core/observability';
import { measure, type Measurement } from './measure';

/**
 * Raw DynamoDB Local: what one PutItem and one 3-item TransactWriteItems cost on this machine (a client configured as
 * the platform's).
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
    results.push(
      await measure('baseline: TransactWriteItems (3 items)', concurrency, ops, async () => {
        await client.send(
          new TransactWriteItemsCommand({
            TransactItems: [item(), item(), item()].map((Item) => ({
              Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
            })),
          }),
        );
      }),
    );
  }
  client.destroy();
  return results;
}
