import type { Account as AccountGrant, UserGrant } from '../core/auth/account-directory';
import { isoTimestamp } from '../core/clock';
import type { Condition } from '../core/db/entity';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { userMembershipsStep } from './account-store';
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

export const findMember = (accountId: string, userId: string): Promise<AccountMember | undefined> =>
  accountMemberEntity.get(accountId, userId);

export const findUser = (userId: string): Promise<User | undefined> => userEntity.get(userId);

/** The user an email belongs to, if any. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const guard = await userEmailEntity.get(email);
  return guard ? findUser(guard.userId) : undefined;
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
  return memberCountsEntity.updateStep([accountId], {
    set: { accountId },
    add: { members, owners },
    upsert: true,
    if: conditions.length
      ? {
          expression: conditions.join(' AND '),
          values: {
            ...(members > 0 ? { ':max': MAX_MEMBERS_PER_ACCOUNT } : {}),
            ...(guardsOwner ? { ':one': 1 } : {}),
          },
        }
      : undefined,
    onConditionFailed: (old) =>
      guardsOwner && Number(old?.owners ?? 0) <= 1
        ? businessRule('LAST_OWNER_NOT_REVOKABLE')
        : businessRule('MEMBER_LIMIT_EXCEEDED'),
  });
}

const ownerDelta = (role: MemberRole | undefined) => (role === 'account-owner' ? 1 : 0);

/**
 * Member writes are conditional on the member being as it was read (or absent), so a concurrent
 * change is retried from a fresh read and the counts stay exact.
 */
const asRead = (previous: AccountMember): Condition => ({
  expression: '#role = :previous AND modifiedAt = :modifiedAt',
  names: { '#role': 'role' },
  values: { ':previous': previous.role, ':modifiedAt': previous.modifiedAt },
});
const conflict = () => new TransactionConflictError();

/** The member write's own step: a put of the member as read, or a create of a new one. */
function memberStep(previous: AccountMember | undefined, next: AccountMember): TransactionStep {
  return previous
    ? accountMemberEntity.putStep(next, { if: asRead(previous), onConditionFailed: conflict })
    : accountMemberEntity.createStep(next, { onExists: conflict });
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
            memberStep(previous, next),
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
      accountMemberEntity.removeStep([accountId, userId], { if: asRead(previous), onConditionFailed: conflict }),
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

const oldestFirst = (a: AccountMember, b: AccountMember) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/**
 * The members of an account in list form: each with the account's name and the user's names and email; oldest first.
 */
export async function queryMembers(account: AccountGrant) {
  const members = await accountMemberEntity.all(membersOfAccount(account.id));
  const users = new Map((await userEntity.getMany(members.map((m) => [m.userId]))).map((u) => [u.id, u]));
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
  const members = await accountMemberEntity.all(membershipsOfUser(userId));
  const accounts = new Map((await accountEntity.getMany(members.map((m) => [m.accountId]))).map((a) => [a.id, a]));
  return members.sort(oldestFirst).flatMap((m) => {
    const account = accounts.get(m.accountId);
    return account
      ? [{ accountName: account.name, accountId: account.id, accountType: account.type, role: m.role }]
      : [];
  });
}
