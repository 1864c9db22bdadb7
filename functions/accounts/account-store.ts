import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { account } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { accountEntity, accountMemberEntity, type Account, type StoredAccount } from './entities';
import { isoTimestamp } from '../core/clock';
import { newId } from '../core/ids';

export type { Account } from './entities';

export interface NewAccount {
  name: string;
  type: Account['type'];
  region?: Account['region'];
  test?: boolean;
  parentAccountId?: string;
  /** User id made `account-owner` of the new account. */
  owner?: string;
}

export async function insertAccount(input: NewAccount, createdBy: string, now: Date): Promise<Account> {
  const at = isoTimestamp(now);
  const stored: StoredAccount = {
    id: newId(),
    name: input.name,
    type: input.type,
    ...(input.region ? { region: input.region } : {}),
    ...(input.test ? { test: true } : {}),
    ...(input.parentAccountId ? { parentAccountId: input.parentAccountId } : {}),
    subscriptions: [],
    version: 1,
    createdAt: at,
    createdBy,
    modifiedAt: at,
    modifiedBy: createdBy,
  };
  const items = [
    {
      Put: {
        TableName: config().tableName,
        Item: accountEntity.item(stored),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  if (input.owner) {
    items.push({
      Put: {
        TableName: config().tableName,
        Item: accountMemberEntity.item({
          accountId: stored.id,
          userId: input.owner,
          role: 'account-owner',
          createdAt: at,
          createdBy,
          modifiedAt: at,
          modifiedBy: createdBy,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
  return present(stored);
}

export async function findAccount(accountId: string): Promise<Account | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: accountEntity.key(accountId), ConsistentRead: true }),
  );
  return out.Item ? present(accountEntity.parse(out.Item)) : undefined;
}

/** Applies `changes` and bumps the version in one conditional update. */
export async function updateAccountRecord(
  accountId: string,
  changes: Partial<Pick<Account, 'name' | 'subscriptions' | 'rateLimitPerMinute'>>,
  modifiedBy: string,
  now: Date,
): Promise<Account> {
  const names: Record<string, string> = { '#modifiedAt': 'modifiedAt', '#modifiedBy': 'modifiedBy', '#version': 'version' };
  const values: Record<string, unknown> = { ':modifiedAt': isoTimestamp(now), ':modifiedBy': modifiedBy, ':one': 1 };
  const sets = ['#modifiedAt = :modifiedAt', '#modifiedBy = :modifiedBy'];
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const out = await db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: accountEntity.key(accountId),
      UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return present(accountEntity.parse(out.Attributes ?? {}));
}

/** The public view: the Account schema's fields, the version as a string. */
function present(stored: StoredAccount): Account {
  return publicView<Account>(account, { ...stored, version: String(stored.version) });
}
