import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { wallet } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { walletEntity, WALLET_APPS_PARTITION, type Wallet } from './entities';
import { queryAll } from '../core/db/pagination';
import { businessRule } from '../core/errors/classes';

export type { Wallet } from './entities';

/** Registers a consumer wallet app under its human-readable, unique id. */
export async function insertWallet(record: Wallet): Promise<Wallet> {
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: walletEntity.item(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw businessRule('WALLET_ALREADY_EXISTS');
    throw error;
  }
  return present(record);
}

export async function findWallet(id: string): Promise<Wallet | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: walletEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? walletEntity.parse(out.Item) : undefined;
}

/** Stores the wallet app as changed (its approval); the app must still exist. */
export async function replaceWallet(record: Wallet): Promise<Wallet> {
  await db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: walletEntity.item(record),
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
  return present(record);
}

/** Every registered wallet app: consumer apps are few, so one bounded index partition holds them. */
export async function listWallets(): Promise<Wallet[]> {
  const items = await queryAll({
    TableName: config().tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': WALLET_APPS_PARTITION },
  });
  return items.map((item) => present(walletEntity.parse(item)));
}

/** The public view: the Wallet schema's fields only. */
const present = (record: Wallet): Wallet => publicView<Wallet>(wallet, record);
