/**
 * Every entity's key shapes and the access patterns they serve. Nothing else builds keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | account         | ACCOUNT#<id>            | ACCOUNT            | GSI1PK CHILDREN#<parentId>, SK <id>   | get account; child accounts of a parent |
 * | account member  | ACCOUNT#<accountId>     | MEMBER#<userId>    |                                       | members of an account                 |
 * | api key         | ACCOUNT#<accountId>     | APIKEY#<name>      |                                       | list keys of an account (Query)       |
 * | api key lookup  | APIKEY#<sha256(secret)> | APIKEY             |                                       | authenticate a request (GetItem)      |
 * | asset (wallet)  | ASSET#<id>              | ASSET              | ACCOUNTASSETS#<accountId>, <createdAt>#<id> | get asset; assets of an account |
 * | ledger entry    | LEDGER#<txnId>          | ENTRY#<D|C>        | ASSETTXN#<assetId>, <createdAt>#<txnId> | one transfer; history of an asset    |
 * | idempotency     | IDEMPOTENCY#<accountId>#<operation>#<key> | IDEMPOTENCY |                          | replay a keyed request                |
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

export const assetKey = (assetId: string) => ({ PK: `ASSET#${assetId}`, SK: 'ASSET' });
export const accountAssetsIndex = (accountId: string, createdAt?: string, assetId?: string) => ({
  GSI1PK: `ACCOUNTASSETS#${accountId}`,
  GSI1SK: createdAt && assetId ? `${createdAt}#${assetId}` : '',
});

export const ledgerEntryKey = (txnId: string, side: 'D' | 'C') => ({ PK: `LEDGER#${txnId}`, SK: `ENTRY#${side}` });
export const assetHistoryIndex = (assetId: string, createdAt?: string, txnId?: string) => ({
  GSI1PK: `ASSETTXN#${assetId}`,
  GSI1SK: createdAt && txnId ? `${createdAt}#${txnId}` : '',
});

export const idempotencyKey = (accountId: string, operation: string, key: string) => ({
  PK: `IDEMPOTENCY#${accountId}#${operation}#${key}`,
  SK: 'IDEMPOTENCY',
});

/** Strips storage attributes before a record leaves the platform. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'ttl'> {
  const { PK: _pk, SK: _sk, GSI1PK: _g1p, GSI1SK: _g1s, GSI2PK: _g2p, GSI2SK: _g2s, ttl: _ttl, ...rest } = item;
  return rest;
}
