/**
 * Keys of the accounts group's entities and the access patterns they serve. One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | account         | ACCOUNT#<id>            | ACCOUNT            | GSI1PK CHILDREN#<parentId>, SK <id>   | get account; child accounts of a parent |
 * | account member  | ACCOUNT#<accountId>     | MEMBER#<userId>    |                                       | members of an account                 |
 * | api key         | ACCOUNT#<accountId>     | APIKEY#<name>      |                                       | list keys of an account (Query)       |
 * | api key lookup  | APIKEY#<sha256(secret)> | APIKEY             |                                       | authenticate a request (GetItem)      |
 */
export const accountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'ACCOUNT' });
export const childAccountsIndex = (parentAccountId: string, accountId: string) => ({
  GSI1PK: `CHILDREN#${parentAccountId}`,
  GSI1SK: accountId,
});

export const accountMemberKey = (accountId: string, userId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MEMBER#${userId}`,
});

export const apiKeyKey = (accountId: string, name: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `APIKEY#${name}` });
export const apiKeysOfAccount = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SKPrefix: 'APIKEY#' });
export const apiKeyLookupKey = (secretHash: string) => ({ PK: `APIKEY#${secretHash}`, SK: 'APIKEY' });

