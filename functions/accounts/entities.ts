import type { FromSchema } from 'json-schema-to-ts';
import { account, apiKey } from './schemas';
import type { ApiKeyGrant } from '../core/auth/account-directory';
import { defineEntity } from '../core/db/entity';

/**
 * The accounts group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | account         | ACCOUNT#<id>            | ACCOUNT            | GSI1PK CHILDREN#<parentId>, SK <id>   | get account; child accounts of a parent |
 * | account member  | ACCOUNT#<accountId>     | MEMBER#<userId>    |                                       | members of an account                 |
 * | api key         | ACCOUNT#<accountId>     | APIKEY#<name>      |                                       | list keys of an account (Query)       |
 * | api key lookup  | APIKEY#<sha256(secret)> | APIKEY             |                                       | authenticate a request (GetItem)      |
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

export interface AccountMember {
  accountId: string;
  userId: string;
  role: 'account-owner';
  createdAt: string;
  createdBy: string;
  modifiedAt: string;
  modifiedBy: string;
}

const accountMemberKey = (accountId: string, userId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `MEMBER#${userId}` });

export const accountMemberEntity = defineEntity<AccountMember, [accountId: string, userId: string]>({
  type: 'account-member',
  version: 1,
  key: accountMemberKey,
  keyOf: (m) => accountMemberKey(m.accountId, m.userId),
  required: ['accountId', 'userId', 'role'],
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
export const apiKeysOfAccount = (accountId: string) => {
  const { PK, SK } = apiKeyKey(accountId, '');
  return { PK, SKPrefix: SK };
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
