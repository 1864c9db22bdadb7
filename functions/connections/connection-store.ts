import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { connectionEntity, type Connection, type StoredConnection } from './entities';
import { connection, connectionSummary } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { replaceVersioned } from '../core/db/versioned';

const table = () => config().tableName;

export async function insertConnection(record: StoredConnection): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: connectionEntity.item(record),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function findConnection(id: string): Promise<StoredConnection | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: connectionEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? connectionEntity.parse(out.Item) : undefined;
}

export const replaceConnection = (current: StoredConnection, next: StoredConnection) =>
  replaceVersioned(connectionEntity, current, next);

export const present = (record: StoredConnection): Connection => publicView<Connection>(connection, record);
export const presentSummary = (record: StoredConnection) =>
  publicView<Record<string, unknown>>(connectionSummary, record);
