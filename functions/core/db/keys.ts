/**
 * The table's keys of core's own entities (the ledger's assets and transfers, rate limits,
 * idempotency records, the webhook outbox) and the access patterns they serve. Each endpoint group
 * lists its entities' keys the same way in functions/<group>/keys.ts; nothing else builds keys.
 *
 * | entity          | PK                      | SK                 | GSI1                                  | serves                                |
 * |-----------------|-------------------------|--------------------|---------------------------------------|---------------------------------------|
 * | asset (wallet)  | ASSET#<id>              | ASSET              | ACCOUNTASSETS#<accountId>, <createdAt>#<id> | get asset; assets of an account |
 * | asset shard     | ASSET#<id>              | SHARD#<n>          |                                       | balance items of a hot asset (one Query with the asset) |
 * | pending transfer| TRANSFER#<id>           | TRANSFER           |                                       | a two-phase transfer's reservation   |
 * | ledger entry    | LEDGER#<txnId>          | ENTRY#<D|C>        | ASSETTXN#<assetId>, <createdAt>#<txnId> | one transfer; history of an asset    |
 * | rate limit      | RATELIMIT#ACCOUNT#<accountId> | RATELIMIT    |                                       | requests of an account in the sliding minute (TTL) |
 * | rate limit      | RATELIMIT#SOURCE#<ip or IPv6 /64> | RATELIMIT |                                      | failed authentications of a source address in the sliding minute (TTL) |
 * | idempotency     | IDEMPOTENCY#<accountId>#<operation>#<key> | IDEMPOTENCY |                          | replay a keyed request                |
 * | webhook event   | WEBHOOKEVENT#<id>       | WEBHOOKEVENT       | WEBHOOKOUTBOX#<shard>, <createdAt>#<id> while undispatched | outbox: events written with the change that caused them; sweep of undispatched ones (entity in core/webhooks/outbox.ts) |
 */
export const assetKey = (assetId: string) => ({ PK: `ASSET#${assetId}`, SK: 'ASSET' });
export const assetShardKey = (assetId: string, shard: number) => ({ PK: `ASSET#${assetId}`, SK: `SHARD#${shard}` });
export const pendingTransferKey = (transferId: string) => ({ PK: `TRANSFER#${transferId}`, SK: 'TRANSFER' });
export const accountAssetsIndex = (accountId: string, createdAt?: string, assetId?: string) => ({
  GSI1PK: `ACCOUNTASSETS#${accountId}`,
  GSI1SK: createdAt && assetId ? `${createdAt}#${assetId}` : '',
});

export const ledgerEntryKey = (txnId: string, side: 'D' | 'C') => ({ PK: `LEDGER#${txnId}`, SK: `ENTRY#${side}` });
export const assetHistoryIndex = (assetId: string, createdAt?: string, txnId?: string) => ({
  GSI1PK: `ASSETTXN#${assetId}`,
  GSI1SK: createdAt && txnId ? `${createdAt}#${txnId}` : '',
});

export const accountRateLimitKey = (accountId: string) => ({ PK: `RATELIMIT#ACCOUNT#${accountId}`, SK: 'RATELIMIT' });
export const sourceRateLimitKey = (sourceScope: string) => ({ PK: `RATELIMIT#SOURCE#${sourceScope}`, SK: 'RATELIMIT' });

export const idempotencyKey = (accountId: string, operation: string, key: string) => ({
  PK: `IDEMPOTENCY#${accountId}#${operation}#${key}`,
  SK: 'IDEMPOTENCY',
});

/** Strips storage attributes before a record leaves the platform. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'ttl'> {
  const { PK: _pk, SK: _sk, GSI1PK: _g1p, GSI1SK: _g1s, GSI2PK: _g2p, GSI2SK: _g2s, ttl: _ttl, ...rest } = item;
  return rest;
}
