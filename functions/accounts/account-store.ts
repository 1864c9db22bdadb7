import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { account } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { stripKeys } from '../core/db/keys';
import { accountKey, accountMemberKey, childAccountsIndex } from './keys';
import { isoTimestamp } from '../core/clock';
import { newId } from '../core/ids';

export type Account = FromSchema<typeof account>;
/** Stored form: `version` is a number so it can be incremented atomically. */
type StoredAccount = Omit<Account, 'version'> & { version: number };

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
        Item: {
          ...accountKey(stored.id),
          ...(stored.parentAccountId ? childAccountsIndex(stored.parentAccountId, stored.id) : {}),
          ...stored,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  if (input.owner) {
    items.push({
      Put: {
        TableName: config().tableName,
        Item: {
          ...accountMemberKey(stored.id, input.owner),
          accountId: stored.id,
          userId: input.owner,
          role: 'account-owner',
          createdAt: at,
          createdBy,
          modifiedAt: at,
          modifiedBy: createdBy,
        } as never,
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
  return present(stored);
}

export async function findAccount(accountId: string): Promise<Account | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: accountKey(accountId), ConsistentRead: true }),
  );
  return out.Item ? present(out.Item as StoredAccount) : undefined;
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
      Key: accountKey(accountId),
      UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return present(out.Attributes as StoredAccount);
}

function present(item: StoredAccount): Account {
  const { version, ...rest } = stripKeys(item as unknown as Record<string, unknown>) as unknown as StoredAccount;
  return { ...rest, version: String(version) };
}
