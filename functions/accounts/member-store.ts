import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Account as AccountGrant, UserGrant } from '../core/auth/account-directory';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { queryAll, queryAllUnder } from '../core/db/pagination';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { userMembershipsStep, MAX_MEMBERSHIPS_PER_USER } from './account-store';
import {
  accountEntity,
  accountMemberEntity,
  memberCountsEntity,
  membersOfAccount,
  membershipsOfUser,
  userEmailEntity,
  userEntity,
  type AccountMember,
  type MemberRole,
  type User,
} from './entities';

/** Per account: its members (users; API keys are not members). */
export const MAX_MEMBERS_PER_ACCOUNT = 100;

export interface MemberView {
  accountId: string;
  accountType: AccountGrant['type'];
  userId: string;
  role: MemberRole;
  createdBy: string;
  createdAt: string;
  modifiedAt: string;
  modifiedBy: string;
}

export interface MembershipSummary {
  accountName: string;
  accountId: string;
  accountType: AccountGrant['type'];
  role: string;
}

const tableName = () => config().tableName;

export async function findMember(accountId: string, userId: string): Promise<AccountMember | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: accountMemberEntity.key(accountId, userId), ConsistentRead: true }),
  );
  return out.Item ? accountMemberEntity.parse(out.Item) : undefined;
}

export async function findUser(userId: string): Promise<User | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(userId), ConsistentRead: true }),
  );
  return out.Item ? userEntity.parse(out.Item) : undefined;
}

/** The user an email belongs to, if any. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEmailEntity.key(email), ConsistentRead: true }),
  );
  return out.Item ? findUser(userEmailEntity.parse(out.Item).userId) : undefined;
}

/** What authentication reads of a user (core's account directory port). */
export async function findUserGrant(userId: string): Promise<UserGrant | undefined> {
  const user = await findUser(userId);
  return user && { id: user.id, individualAccountId: user.individualAccountId, phoneVerified: user.phoneVerified };
}

export async function findMemberRole(accountId: string, userId: string): Promise<MemberRole | undefined> {
  return (await findMember(accountId, userId))?.role;
}

/**
 * The counts step of a member write: `members` and `owners` change by the deltas, on condition
 * that an account stays below MAX_MEMBERS_PER_ACCOUNT and, unless `lastOwnerStays` is false (a
 * member leaving an account they did not create), never loses its last owner.
 */
function countsStep(accountId: string, members: number, owners: number, lastOwnerStays = true): TransactionStep {
  const guardsOwner = owners < 0 && lastOwnerStays;
  const conditions = [];
  if (members > 0) conditions.push('(attribute_not_exists(members) OR members < :max)');
  if (guardsOwner) conditions.push('owners > :one');
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: memberCountsEntity.key(accountId),
        UpdateExpression: 'SET accountId = :accountId, entity = :entity, v = :v ADD members :members, owners :owners',
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeValues: {
          ':accountId': accountId,
          ':entity': memberCountsEntity.type,
          ':v': memberCountsEntity.version,
          ':members': members,
          ':owners': owners,
          ...(members > 0 ? { ':max': MAX_MEMBERS_PER_ACCOUNT } : {}),
          ...(guardsOwner ? { ':one': 1 } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (old) =>
      guardsOwner && Number(old?.owners ?? 0) <= 1
        ? businessRule('LAST_OWNER_NOT_REVOKABLE')
        : businessRule('MEMBER_LIMIT_EXCEEDED'),
  };
}

const ownerDelta = (role: MemberRole | undefined) => (role === 'account-owner' ? 1 : 0);

/**
 * The member write's own step: a put (or delete) conditional on the member being as it was read,
 * so a concurrent change is retried from a fresh read and the counts stay exact.
 */
function memberStep(
  accountId: string,
  userId: string,
  previous: AccountMember | undefined,
  next: AccountMember | undefined,
): TransactionStep {
  const condition = previous
    ? {
        ConditionExpression: '#role = :previous AND modifiedAt = :modifiedAt',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':previous': previous.role, ':modifiedAt': previous.modifiedAt },
      }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
  const item = next
    ? { Put: { TableName: tableName(), Item: accountMemberEntity.item(next), ...condition } }
    : { Delete: { TableName: tableName(), Key: accountMemberEntity.key(accountId, userId), ...condition } };
  return { item, onConditionFailed: () => new TransactionConflictError() };
}

/**
 * Makes a user a member with a role, or changes their role: what accepting an invitation does (the
 * user's consent). Demoting the last owner is refused (LAST_OWNER_NOT_REVOKABLE) by the counts'
 * condition, in the same transaction.
 */
export function setMember(
  account: AccountGrant,
  userId: string,
  role: MemberRole,
  by: string,
  now: Date,
  extra: TransactionStep[] = [],
): Promise<MemberView> {
  return writeMember(account, userId, role, by, now, { extra, joins: true });
}

/**
 * Changes the role of a member. Nobody is made a member without their consent: a user who is not
 * one (or no user at all, alike) joins only by accepting an invitation (INVITATION_REQUIRED). The
 * write is conditional on the member as read, so a member removed meanwhile is re-read and refused.
 */
export function changeMemberRole(
  account: AccountGrant,
  userId: string,
  role: MemberRole,
  by: string,
  now: Date,
): Promise<MemberView> {
  return writeMember(account, userId, role, by, now, { extra: [], joins: false });
}

function writeMember(
  account: AccountGrant,
  userId: string,
  role: MemberRole,
  by: string,
  now: Date,
  { extra, joins }: { extra: TransactionStep[]; joins: boolean },
): Promise<MemberView> {
  return retryOnConflict(async () => {
    const previous = await findMember(account.id, userId);
    if (!previous && !joins) throw businessRule('INVITATION_REQUIRED');
    if (previous?.role === role && extra.length === 0) return viewOf(account, previous);
    const at = isoTimestamp(now);
    const next: AccountMember = previous
      ? { ...previous, role, modifiedAt: at, modifiedBy: by }
      : { accountId: account.id, userId, role, createdAt: at, createdBy: by, modifiedAt: at, modifiedBy: by };
    const steps = [
      ...extra,
      ...(previous?.role === role
        ? []
        : [
            memberStep(account.id, userId, previous, next),
            countsStep(account.id, previous ? 0 : 1, ownerDelta(role) - ownerDelta(previous?.role)),
          ]),
      ...(previous ? [] : [userMembershipsStep(userId, 1, () => badRequest('userId does not name a user'))]),
    ];
    await runTransaction(steps);
    return viewOf(account, previous?.role === role ? previous : next);
  });
}

/**
 * Removes a member. A non-member is FORBIDDEN, like a missing resource. The account's last owner
 * stays (LAST_OWNER_NOT_REVOKABLE) unless `lastOwnerStays` is false: a user leaving an account they
 * did not create, which then has no owner member (docs/api/users-and-members.md#members).
 */
export function deleteMember(
  accountId: string,
  userId: string,
  { lastOwnerStays }: { lastOwnerStays: boolean },
): Promise<void> {
  return retryOnConflict(async () => {
    const previous = await findMember(accountId, userId);
    if (!previous) throw forbidden();
    await runTransaction([
      memberStep(accountId, userId, previous, undefined),
      countsStep(accountId, -1, -ownerDelta(previous.role), lastOwnerStays),
      userMembershipsStep(userId, -1, () => new TransactionConflictError()),
    ]);
  });
}

const viewOf = (account: AccountGrant, m: AccountMember): MemberView => ({
  accountId: m.accountId,
  accountType: account.type,
  userId: m.userId,
  role: m.role,
  createdBy: m.createdBy,
  createdAt: m.createdAt,
  modifiedAt: m.modifiedAt,
  modifiedBy: m.modifiedBy,
});

/** Reads records by key in batches of 100 (DynamoDB's BatchGetItem bound), retrying what it leaves unprocessed. */
async function batchGet(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      found.push(...((out.Responses?.[tableName()] ?? []) as Record<string, unknown>[]));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

const oldestFirst = (a: AccountMember, b: AccountMember) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/** The members of an account in list form: each with the account's name and the user's names and email; oldest first. */
export async function queryMembers(account: AccountGrant) {
  const members = (await queryAllUnder(membersOfAccount(account.id))).map((item) => accountMemberEntity.parse(item));
  const users = new Map(
    (await batchGet(members.map((m) => userEntity.key(m.userId)))).map((item) => [
      String(item.id),
      userEntity.parse(item),
    ]),
  );
  return members.sort(oldestFirst).map((m) => {
    const user = users.get(m.userId);
    return {
      accountName: account.name,
      accountType: account.type,
      accountId: account.id,
      userId: m.userId,
      createdAt: m.createdAt,
      role: m.role,
      ...(user?.givenName !== undefined ? { firstName: user.givenName } : {}),
      ...(user?.familyName !== undefined ? { lastName: user.familyName } : {}),
      ...(user ? { email: user.email } : {}),
    };
  });
}

/**
 * The accounts a user is a member of, as summaries, oldest membership first. Read from the index
 * (eventually consistent: a membership made a moment ago may show a moment later), each account
 * read by key.
 */
export async function membershipsOf(userId: string): Promise<MembershipSummary[]> {
  const { index, GSI1PK } = membershipsOfUser(userId);
  const members = (
    await queryAll({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': GSI1PK },
      Limit: MAX_MEMBERSHIPS_PER_USER,
    })
  ).map((item) => accountMemberEntity.parse(item));
  const accounts = new Map(
    (await batchGet(members.map((m) => accountEntity.key(m.accountId)))).map((item) => [
      String(item.id),
      accountEntity.parse(item),
    ]),
  );
  return members.sort(oldestFirst).flatMap((m) => {
    const account = accounts.get(m.accountId);
    return account
      ? [{ accountName: account.name, accountId: account.id, accountType: account.type, role: m.role }]
      : [];
  });
}
