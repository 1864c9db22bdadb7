import type { FromSchema } from 'json-schema-to-ts';
import type { MEMBER_ROLES } from '../core/auth/permissions';
import { account, apiKey } from './schemas';
import type { ApiKeyGrant } from '../core/auth/account-directory';
import { defineEntity, type Selection } from '../core/db/entity';

/**
 * The accounts group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - account: PK ACCOUNT#<id>, SK ACCOUNT
 *   GSI1 CHILDREN#<parentId>, <id>
 *   serves: get account; child accounts of a parent
 * - account member: PK ACCOUNT#<accountId>, SK MEMBER#<userId>
 *   GSI1 USERACCOUNTS#<userId>, <accountId>
 *   serves: members of an account; memberships of a user
 * - member counts: PK ACCOUNT#<accountId>, SK MEMBERS
 *   serves: the last-owner rule, the member limit
 * - user: PK USER#<userId>, SK USER
 *   serves: authenticate a user; profile, names
 * - user email: PK USEREMAIL#<lower email>, SK USEREMAIL
 *   serves: one user per email (guard)
 * - api key: PK ACCOUNT#<accountId>, SK APIKEY#<name>
 *   serves: list keys of an account (Query)
 * - api key lookup: PK APIKEY#<sha256(secret)>, SK APIKEY
 *   serves: authenticate a request (GetItem)
 */

export type Account = FromSchema<typeof account>;
/** Stored form: `version` is a number so it can be incremented atomically. */
export type StoredAccount = Omit<Account, 'version'> & { version: number };

/** The key of an account's item; other groups keep per-account items in its partition (e.g. counters). */
export const accountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'ACCOUNT' });

export const accountEntity = defineEntity<StoredAccount, [accountId: string]>({
  type: 'account',
  version: 1,
  key: accountKey,
  keyOf: (a) => accountKey(a.id),
  indexes: (a) => (a.parentAccountId ? { GSI1PK: `CHILDREN#${a.parentAccountId}`, GSI1SK: a.id } : {}),
  required: account.required,
});

export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface AccountMember {
  accountId: string;
  userId: string;
  role: MemberRole;
  createdAt: string;
  createdBy: string;
  modifiedAt: string;
  modifiedBy: string;
}

const accountMemberKey = (accountId: string, userId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MEMBER#${userId}`,
});
const userAccountsPartition = (userId: string) => `USERACCOUNTS#${userId}`;

export const accountMemberEntity = defineEntity<AccountMember, [accountId: string, userId: string]>({
  type: 'account-member',
  version: 1,
  key: accountMemberKey,
  keyOf: (m) => accountMemberKey(m.accountId, m.userId),
  indexes: (m) => ({ GSI1PK: userAccountsPartition(m.userId), GSI1SK: m.accountId }),
  required: ['accountId', 'userId', 'role'],
});
/** The members of an account: one Query over its partition's `MEMBER#` sort keys. */
export const membersOfAccount = (accountId: string): Selection => {
  const { PK, SK } = accountMemberKey(accountId, '');
  return { partition: PK, sortKeyPrefix: SK };
};
/** The memberships of a user: one Query of GSI1. */
export const membershipsOfUser = (userId: string): Selection => ({
  index: 'GSI1',
  partition: userAccountsPartition(userId),
});

/**
 * An account's member counts, changed in the transaction of every member write under a condition:
 * the last owner can never be removed or demoted, however many removals race.
 */
export interface MemberCounts {
  accountId: string;
  owners: number;
  members: number;
}
const memberCountsKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'MEMBERS' });
export const memberCountsEntity = defineEntity<MemberCounts, [accountId: string]>({
  type: 'member-counts',
  version: 1,
  key: memberCountsKey,
  keyOf: (c) => memberCountsKey(c.accountId),
  required: ['accountId', 'owners', 'members'],
});

export interface User {
  id: string;
  email: string;
  givenName?: string;
  familyName?: string;
  phoneNumber?: string;
  phoneVerified: boolean;
  emailVerified: boolean;
  featureUpdates: boolean;
  marketingUpdates: boolean;
  /** The user's own individual account, made with the user. */
  individualAccountId?: string;
  /** Accounts the user is a member of (bounded: MAX_MEMBERSHIPS_PER_USER). */
  memberships: number;
  createdAt: string;
  createdBy: string;
  modifiedAt: string;
  modifiedBy: string;
}
const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' });
export const userEntity = defineEntity<User, [userId: string]>({
  type: 'user',
  version: 1,
  key: userKey,
  keyOf: (u) => userKey(u.id),
  required: ['id', 'email', 'phoneVerified', 'emailVerified', 'memberships'],
});

/** Emails compare without case: one user per address. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
const userEmailKey = (email: string) => ({ PK: `USEREMAIL#${normalEmail(email)}`, SK: 'USEREMAIL' });
export const userEmailEntity = defineEntity<{ email: string; userId: string }, [email: string]>({
  type: 'user-email',
  version: 1,
  key: userEmailKey,
  keyOf: (g) => userEmailKey(g.email),
  required: ['email', 'userId'],
});

export type ApiKey = FromSchema<typeof apiKey>;
/** Stored form: a numeric version and the hash of the secret (never the secret). */
export type StoredApiKey = Omit<ApiKey, 'version'> & { version: number; secretHash: string };

const apiKeyKey = (accountId: string, name: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `APIKEY#${name}` });

export const apiKeyEntity = defineEntity<StoredApiKey, [accountId: string, name: string]>({
  type: 'api-key',
  version: 1,
  key: apiKeyKey,
  keyOf: (k) => apiKeyKey(k.accountId, k.name),
  required: [...apiKey.required, 'secretHash'],
});
/** The keys of an account: one Query over its partition's `APIKEY#` sort keys. */
export const apiKeysOfAccount = (accountId: string): Selection => {
  const { PK, SK } = apiKeyKey(accountId, '');
  return { partition: PK, sortKeyPrefix: SK };
};

/** The lookup record of a key by the hash of its secret: the grant authentication reads. */
export type ApiKeyLookup = ApiKeyGrant & { secretHash: string };

const apiKeyLookupKey = (secretHash: string) => ({ PK: `APIKEY#${secretHash}`, SK: 'APIKEY' });

export const apiKeyLookupEntity = defineEntity<ApiKeyLookup, [secretHash: string]>({
  type: 'api-key-lookup',
  version: 1,
  key: apiKeyLookupKey,
  keyOf: (l) => apiKeyLookupKey(l.secretHash),
  required: ['secretHash', 'accountId', 'name', 'role', 'enabled'],
});
