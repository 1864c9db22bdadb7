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
 * | asset shard     | ASSET#<id>              | SHARD#<n>          |                                       | balance items of a hot asset (one Query with the asset) |
 * | pending transfer| TRANSFER#<id>           | TRANSFER           |                                       | a two-phase transfer's reservation   |
 * | ledger entry    | LEDGER#<txnId>          | ENTRY#<D|C>        | ASSETTXN#<assetId>, <createdAt>#<txnId> | one transfer; history of an asset    |
 * | payment request | PR#<id>                 | PR                 | EXTREF#<merchantAccountId>#<externalRef>, <createdAt>#<id>; GSI2 SHORTCODE#<code>, <createdAt>#<id> | get; by external ref; latest by short code |
 * | payment activity| PR#<prId>               | ACTIVITY#<seq 15 digits> | MERCHANTACTIVITY#<merchantId>, <createdAt>#<prId>#<seq> | activities of a request; of a merchant, newest first |
 * | patron PR link  | PATRONPR#<patronAccountId> | <createdAt>#<prId> |                                     | latest request attached to a patron's codes |
 * | merchant        | MERCHANT#<id>           | MERCHANT           | ACCOUNTMERCHANTS#<accountId>, <createdAt>#<id>; GSI2 MERCHANTSEARCH#<test|live>, <lower name>#<id> | get; merchants of an account, newest first; search by name prefix |
 * | merchant activity | MERCHANT#<id>         | ACTIVITY#<seq 15 digits> |                                 | onboarding status history             |
 * | patron code     | PATRONCODE#<id>         | PATRONCODE         |                                       | get a code                            |
 * | barcode guard   | BARCODE#<barcode>       | BARCODE            |                                       | unique barcodes; lookup by barcode    |
 * | external id guard | PATRONCODEEXT#<accountId>#<namespace>#<externalId> | PATRONCODEEXT |          | unique external ids; lookup           |
 * | wallet (app)    | WALLETAPP#<id>          | WALLETAPP          | GSI1 WALLETAPPS, <id>                 | get; every consumer wallet (a small, bounded set) |
 * | media upload    | MEDIAUPLOAD#<id>        | MEDIAUPLOAD        |                                       | media references (logos)              |
 * | merchant config | MC#<id>                 | MC                 | MERCHANTCONFIGS#<merchantId>, <createdAt>#<id> | get config; configs of a merchant |
 * | token collection| COLLECTION#<id>         | COLLECTION         |                                       | collection lookups (merchant config validation) |
 * | connection      | CONNECTION#<id>         | CONNECTION         |                                       | payment request links to sales channels |
 * | payment link    | PAYMENTLINK#<id>        | PAYMENTLINK        |                                       | payment request links to payment links |
 * | rate limit      | RATELIMIT#ACCOUNT#<accountId> | RATELIMIT    |                                       | requests of an account in the sliding minute (TTL) |
 * | rate limit      | RATELIMIT#SOURCE#<ip or IPv6 /64> | RATELIMIT |                                      | failed authentications of a source address in the sliding minute (TTL) |
 * | idempotency     | IDEMPOTENCY#<accountId>#<operation>#<key> | IDEMPOTENCY |                          | replay a keyed request                |
 * | webhook event   | WEBHOOKEVENT#<id>       | WEBHOOKEVENT       | WEBHOOKOUTBOX#<shard>, <createdAt>#<id> while undispatched | outbox: events written with the change that caused them; sweep of undispatched ones |
 * | webhook         | ACCOUNT#<accountId>     | WEBHOOK#<id>       |                                       | an account's webhook endpoints (Query, a small operator-made set) |
 * | webhook delivery| WEBHOOKDELIVERY#<id>    | WEBHOOKDELIVERY    | ACCOUNTDELIVERIES#<accountId>, <createdAt>#<id> | one (event, target) delivery; deliveries of an account, newest first |
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

export const paymentRequestKey = (id: string) => ({ PK: `PR#${id}`, SK: 'PR' });
export const externalRefIndex = (merchantAccountId: string, externalRef: string, createdAt?: string, id?: string) => ({
  GSI1PK: `EXTREF#${merchantAccountId}#${externalRef}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const shortCodeIndex = (shortCode: string, createdAt?: string, id?: string) => ({
  GSI2PK: `SHORTCODE#${shortCode}`,
  GSI2SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const activityKey = (paymentRequestId: string, activityNumber: number) => ({
  PK: `PR#${paymentRequestId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});
export const activitiesOfRequest = (paymentRequestId: string) => ({ PK: `PR#${paymentRequestId}`, SKPrefix: 'ACTIVITY#' });
export const merchantActivityIndex = (merchantId: string, createdAt?: string, paymentRequestId?: string, activityNumber?: number) => ({
  GSI1PK: `MERCHANTACTIVITY#${merchantId}`,
  GSI1SK: createdAt && paymentRequestId && activityNumber !== undefined ? `${createdAt}#${paymentRequestId}#${String(activityNumber).padStart(15, '0')}` : '',
});
export const patronRequestLinkKey = (patronAccountId: string, createdAt: string, paymentRequestId: string) => ({
  ...patronRequestLinksOf(patronAccountId),
  SK: `${createdAt}#${paymentRequestId}`,
});
export const patronRequestLinksOf = (patronAccountId: string) => ({ PK: `PATRONPR#${patronAccountId}` });

export const merchantKey = (id: string) => ({ PK: `MERCHANT#${id}`, SK: 'MERCHANT' });
export const accountMerchantsIndex = (accountId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `ACCOUNTMERCHANTS#${accountId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const merchantSearchIndex = (test: boolean, name?: string, id?: string) => ({
  GSI2PK: `MERCHANTSEARCH#${test ? 'test' : 'live'}`,
  GSI2SK: name !== undefined && id ? `${name.toLowerCase()}#${id}` : '',
});
export const merchantActivityKey = (merchantId: string, activityNumber: number) => ({
  PK: `MERCHANT#${merchantId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});

export const patronCodeKey = (id: string) => ({ PK: `PATRONCODE#${id}`, SK: 'PATRONCODE' });
export const barcodeKey = (barcode: string) => ({ PK: `BARCODE#${barcode}`, SK: 'BARCODE' });
export const patronCodeExternalIdKey = (accountId: string, namespace: string, externalId: string) => ({
  PK: `PATRONCODEEXT#${accountId}#${namespace}#${externalId}`,
  SK: 'PATRONCODEEXT',
});

export const walletAppKey = (id: string) => ({ PK: `WALLETAPP#${id}`, SK: 'WALLETAPP' });
export const walletAppsIndex = (id?: string) => ({ GSI1PK: 'WALLETAPPS', GSI1SK: id ?? '' });
export const mediaUploadKey = (id: string) => ({ PK: `MEDIAUPLOAD#${id}`, SK: 'MEDIAUPLOAD' });

export const merchantConfigKey = (id: string) => ({ PK: `MC#${id}`, SK: 'MC' });
export const merchantConfigsIndex = (merchantId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `MERCHANTCONFIGS#${merchantId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
export const collectionKey = (id: string) => ({ PK: `COLLECTION#${id}`, SK: 'COLLECTION' });
export const connectionKey = (id: string) => ({ PK: `CONNECTION#${id}`, SK: 'CONNECTION' });
export const paymentLinkKey = (id: string) => ({ PK: `PAYMENTLINK#${id}`, SK: 'PAYMENTLINK' });

export const accountRateLimitKey = (accountId: string) => ({ PK: `RATELIMIT#ACCOUNT#${accountId}`, SK: 'RATELIMIT' });
export const sourceRateLimitKey = (sourceScope: string) => ({ PK: `RATELIMIT#SOURCE#${sourceScope}`, SK: 'RATELIMIT' });

export const idempotencyKey = (accountId: string, operation: string, key: string) => ({
  PK: `IDEMPOTENCY#${accountId}#${operation}#${key}`,
  SK: 'IDEMPOTENCY',
});

export const webhookEventKey = (id: string) => ({ PK: `WEBHOOKEVENT#${id}`, SK: 'WEBHOOKEVENT' });
/** Undispatched events, spread over a few partitions so the outbox never becomes one hot key. */
export const WEBHOOK_OUTBOX_SHARDS = 8;
export const webhookOutboxIndex = (shard: number, createdAt?: string, id?: string) => ({
  GSI1PK: `WEBHOOKOUTBOX#${shard}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});

export const webhookKey = (accountId: string, id: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `WEBHOOK#${id}` });
export const webhooksOfAccount = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SKPrefix: 'WEBHOOK#' });
export const webhookDeliveryKey = (id: string) => ({ PK: `WEBHOOKDELIVERY#${id}`, SK: 'WEBHOOKDELIVERY' });
export const accountDeliveriesIndex = (accountId: string, createdAt?: string, id?: string) => ({
  GSI1PK: `ACCOUNTDELIVERIES#${accountId}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});

/** Strips storage attributes before a record leaves the platform. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'ttl'> {
  const { PK: _pk, SK: _sk, GSI1PK: _g1p, GSI1SK: _g1s, GSI2PK: _g2p, GSI2SK: _g2s, ttl: _ttl, ...rest } = item;
  return rest;
}
