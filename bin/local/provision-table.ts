import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../functions/core/infrastructure';

const STREAM = { StreamEnabled: true, StreamViewType: TABLE.stream };

/**
 * Creates the table from the same definition the stack uses, if it does not exist yet; a table kept
 * from before the stream existed (`npm start`'s state folder) gets its stream, and one of another view this one.
 */
export async function provisionTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing' | 'stream added'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const stream = Table?.StreamSpecification;
    if (stream?.StreamEnabled && stream.StreamViewType === TABLE.stream) return 'existing';
    // A stream of another view (a table kept from before old images were streamed) is turned off, then on anew.
    if (stream?.StreamEnabled)
      await client.send(
        new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }),
      );
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
    return 'stream added';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const index of TABLE.indexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: STREAM,
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
