import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { account } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import {
  accountEntity,
  accountMemberEntity,
  memberCountsEntity,
  userEntity,
  type Account,
  type StoredAccount,
} from './entities';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { isoTimestamp } from '../core/clock';
import { newId } from '../core/ids';

export type { Account } from './entities';

export interface NewAccount {
  name: string;
  type: Account['type'];
  region?: Account['region'];
  test?: boolean;
  parentAccountId?: string;
  /** User id made `account-owner` of the new account: only the user creating it, or a new user their individual account. */
  owner?: string;
}

export async function insertAccount(input: NewAccount, createdBy: string, now: Date): Promise<Account> {
  const { account, items } = accountCreation(input, createdBy, now);
  const steps: TransactionStep[] = items.map((item) => ({ item }));
  if (input.owner) steps.push(userMembershipsStep(input.owner, 1, () => badRequest('owner does not name a user')));
  await runTransaction(steps);
  return account;
}

/** Per user: the accounts they may be a member of. */
export const MAX_MEMBERSHIPS_PER_USER = 100;

/**
 * Counts a membership the user gains (+1) or loses (-1), on condition the user exists and, when
 * gaining one, is below MAX_MEMBERSHIPS_PER_USER; `onMissing` is what a missing user means.
 */
export function userMembershipsStep(userId: string, delta: 1 | -1, onMissing: () => Error): TransactionStep {
  return {
    item: {
      Update: {
        TableName: config().tableName,
        Key: userEntity.key(userId),
        UpdateExpression: 'ADD memberships :delta',
        ConditionExpression: delta > 0 ? 'attribute_exists(PK) AND memberships < :max' : 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 ? { ':max': MAX_MEMBERSHIPS_PER_USER } : {}) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (old) => (old ? businessRule('MEMBERSHIP_LIMIT_EXCEEDED') : onMissing()),
  };
}

/**
 * The writes that create an account (conditional on its id being new) and, with an owner, its first
 * membership and member counts, for a caller that creates it in one transaction with records of its
 * own (a user, a business and its new org account), and the account as it will read. `id` is given
 * where a repeated message must find the same account again.
 */
export function accountCreation(
  input: NewAccount,
  createdBy: string,
  now: Date,
  id = newId(),
): { account: Account; items: AccountWrite[] } {
  const at = isoTimestamp(now);
  const stored: StoredAccount = {
    id,
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
  const put = (Item: Record<string, unknown>): AccountWrite => ({
    Put: { TableName: config().tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  const items: AccountWrite[] = [put(accountEntity.item(stored))];
  if (input.owner) {
    items.push(
      put(
        accountMemberEntity.item({
          accountId: stored.id,
          userId: input.owner,
          role: 'account-owner',
          createdAt: at,
          createdBy,
          modifiedAt: at,
          modifiedBy: createdBy,
        }),
      ),
    );
    items.push(put(memberCountsEntity.item({ accountId: stored.id, owners: 1, members: 1 })));
  }
  return { account: present(stored), items };
}

export type AccountWrite = { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } };

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
  const names: Record<string, string> = {
    '#modifiedAt': 'modifiedAt',
    '#modifiedBy': 'modifiedBy',
    '#version': 'version',
  };
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
