import { account } from './schemas';
import { publicView } from '../core/db/entity';
import {
  accountEntity,
  accountMemberEntity,
  memberCountsEntity,
  userEntity,
  type Account,
  type AccountMember,
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
  /**
   * User id made `account-owner` of the new account: only the user creating it, or a new user their individual account.
   */
  owner?: string;
}

export async function insertAccount(input: NewAccount, createdBy: string, now: Date): Promise<Account> {
  const { account, steps } = accountCreation(input, createdBy, now);
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
  return userEntity.updateStep([userId], {
    add: { memberships: delta },
    if: delta > 0 ? { expression: 'memberships < :max', values: { ':max': MAX_MEMBERSHIPS_PER_USER } } : undefined,
    onConditionFailed: (old) => (old ? businessRule('MEMBERSHIP_LIMIT_EXCEEDED') : onMissing()),
  });
}

/**
 * The writes that create an account (conditional on its id being new) and, with an owner, its first
 * membership and member counts, for a caller that creates it in one transaction with records of its
 * own (a user, a business and its new org account), and the account as it will read; `items` are the
 * same writes bare, for a batch writing records no one else can hold. `id` is given where a repeated
 * message must find the same account again.
 */
export function accountCreation(
  input: NewAccount,
  createdBy: string,
  now: Date,
  id = newId(),
): { account: Account; steps: TransactionStep[]; items: Record<string, unknown>[] } {
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
  const steps = [accountEntity.createStep(stored)];
  const items = [accountEntity.item(stored)];
  if (input.owner) {
    const member: AccountMember = {
      accountId: stored.id,
      userId: input.owner,
      role: 'account-owner',
      createdAt: at,
      createdBy,
      modifiedAt: at,
      modifiedBy: createdBy,
    };
    const counts = { accountId: stored.id, owners: 1, members: 1 };
    steps.push(accountMemberEntity.createStep(member), memberCountsEntity.createStep(counts));
    items.push(accountMemberEntity.item(member), memberCountsEntity.item(counts));
  }
  return { account: present(stored), steps, items };
}

export async function findAccount(accountId: string): Promise<Account | undefined> {
  const stored = await accountEntity.get(accountId);
  return stored && present(stored);
}

/** Applies `changes` and bumps the version in one conditional update. */
export async function updateAccountRecord(
  accountId: string,
  changes: Partial<Pick<Account, 'name' | 'subscriptions' | 'rateLimitPerMinute'>>,
  modifiedBy: string,
  now: Date,
): Promise<Account> {
  const updated = await accountEntity.update([accountId], {
    set: { modifiedAt: isoTimestamp(now), modifiedBy, ...changes },
    add: { version: 1 },
  });
  return present(updated);
}

/** The public view: the Account schema's fields, the version as a string. */
function present(stored: StoredAccount): Account {
  return publicView<Account>(account, { ...stored, version: String(stored.version) });
}
