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

const indexDefinition = (index: (typeof TABLE.indexes)[number]) => ({
  IndexName: index.name,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: index.projection },
});
const keyAttributes = (names: string[]) => names.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));

/**
 * Creates the table from the same definition the stack uses, if it does not exist yet; a table kept
 * from before its stream or one of its indexes existed (`npm start`'s state folder) gets them, and a stream of
 * another view this one.
 */
export async function provisionTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing' | 'stream added' | 'index added'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const present = new Set(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName));
    const absent = TABLE.indexes.find((index) => !present.has(index.name));
    if (absent) {
      // One index per update, as DynamoDB allows; the next start adds the next.
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: keyAttributes([absent.partitionKey, absent.sortKey]),
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(absent) }],
        }),
      );
      return 'index added';
    }
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
      AttributeDefinitions: keyAttributes([...attributes]),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.indexes.map(indexDefinition),
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
