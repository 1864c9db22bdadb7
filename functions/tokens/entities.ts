import type { FromSchema } from 'json-schema-to-ts';
import type { allowedProduct, redemptionCondition, token, tokenCollection } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';
import { assetBaseEntity } from '../core/ledger/entities';

/**
 * The tokens group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - token collection: PK COLLECTION#<id>, SK COLLECTION
 *   GSI1 ACCOUNTCOLLECTIONS#<accountId>, <createdAt>#<id>
 *   serves: get a collection; an account's collections (newest first)
 * - collection external id: PK COLLECTIONEXT#<accountId>#<externalId>, SK COLLECTIONEXT
 *   serves: externalId unique per account (guard)
 * - redemption condition: PK REDEMPTION#<id>, SK REDEMPTION
 *   GSI1 MERCHANTREDEMPTIONS#<merchantId>, <collectionId>
 *   serves: get a condition; the collections a merchant redeems
 * - merchant's condition: PK COLLECTION#<collectionId>, SK MERCHANT#<merchantId>
 *   serves: one condition per collection and merchant (guard); the condition a pay checks
 * - token (asset): PK ASSET#<id>, SK ASSET
 *   GSI1 ACCOUNTTOKENS#<accountId>, <createdAt>#<id>
 *   GSI2 (with an externalId) ACCOUNTASSETEXT#<accountId>#<externalId>, <type>#<createdAt>#<id>
 *   serves: get a token; an account's tokens (newest first); an account's tokens by external id (and type);
 *   its balance item (1 while unspent)
 * - token external id: PK TOKENEXT#<collectionId>#<externalId>, SK TOKENEXT
 *   serves: externalId unique per collection (guard)
 */

export type TokenCollection = FromSchema<typeof tokenCollection>;
export type RedemptionCondition = FromSchema<typeof redemptionCondition>;
export type AllowedProduct = FromSchema<typeof allowedProduct>;
export type Token = FromSchema<typeof token>;

const collectionKey = (id: string): TableKey => ({ PK: `COLLECTION#${id}`, SK: 'COLLECTION' });
const accountCollectionsPartition = (accountId: string) => `ACCOUNTCOLLECTIONS#${accountId}`;

/** Read by merchant-configs and payment requests too, under the same type and version. */
export const collectionEntity = defineEntity<TokenCollection, [id: string]>({
  type: 'collection',
  version: 1,
  key: collectionKey,
  keyOf: (c) => collectionKey(c.id),
  indexes: (c) => ({ GSI1PK: accountCollectionsPartition(c.accountId), GSI1SK: `${c.createdAt}#${c.id}` }),
  required: ['id', 'name', 'accountId', 'type', 'status', 'test', 'createdAt', 'createdBy'],
});
export { accountCollectionsPartition };

export interface ExternalIdGuard {
  scope: string;
  externalId: string;
  /** The record holding the id. */
  ownerId: string;
}

const collectionExternalIdKey = (accountId: string, externalId: string): TableKey => ({
  PK: `COLLECTIONEXT#${accountId}#${externalId}`,
  SK: 'COLLECTIONEXT',
});

export const collectionExternalIdEntity = defineEntity<ExternalIdGuard, [accountId: string, externalId: string]>({
  type: 'collection-external-id',
  version: 1,
  key: collectionExternalIdKey,
  keyOf: (g) => collectionExternalIdKey(g.scope, g.externalId),
  required: ['scope', 'externalId', 'ownerId'],
});

const tokenExternalIdKey = (collectionId: string, externalId: string): TableKey => ({
  PK: `TOKENEXT#${collectionId}#${externalId}`,
  SK: 'TOKENEXT',
});

export const tokenExternalIdEntity = defineEntity<ExternalIdGuard, [collectionId: string, externalId: string]>({
  type: 'token-external-id',
  version: 1,
  key: tokenExternalIdKey,
  keyOf: (g) => tokenExternalIdKey(g.scope, g.externalId),
  required: ['scope', 'externalId', 'ownerId'],
});

/** Stored form: a version for conditional replacement of its allowed products. */
export type StoredRedemptionCondition = RedemptionCondition & { version: number };

const redemptionKey = (id: string): TableKey => ({ PK: `REDEMPTION#${id}`, SK: 'REDEMPTION' });
export const merchantRedemptionsPartition = (merchantId: string) => `MERCHANTREDEMPTIONS#${merchantId}`;

export const redemptionConditionEntity = defineEntity<StoredRedemptionCondition, [id: string]>({
  type: 'redemption-condition',
  version: 1,
  key: redemptionKey,
  keyOf: (c) => redemptionKey(c.id),
  indexes: (c) => ({ GSI1PK: merchantRedemptionsPartition(c.merchantId), GSI1SK: c.collectionId }),
  required: ['id', 'merchantId', 'collectionId', 'allowedProducts', 'createdAt', 'createdBy', 'version'],
});

/** Which condition a merchant has for a collection: at most one (the guard), found by a consistent read. */
export interface MerchantCondition {
  collectionId: string;
  merchantId: string;
  conditionId: string;
}

const merchantConditionKey = (collectionId: string, merchantId: string): TableKey => ({
  PK: `COLLECTION#${collectionId}`,
  SK: `MERCHANT#${merchantId}`,
});

export const merchantConditionEntity = defineEntity<MerchantCondition, [collectionId: string, merchantId: string]>({
  type: 'collection-merchant-condition',
  version: 1,
  key: merchantConditionKey,
  keyOf: (c) => merchantConditionKey(c.collectionId, c.merchantId),
  required: ['collectionId', 'merchantId', 'conditionId'],
});

/**
 * A token's base item: the asset item the transfer engine keeps its balance on (1 unit of the
 * `TOKEN` currency while unspent); the engine owns its key, type and version (assetBaseEntity).
 */
export type StoredToken = Token & { currency: string; collectionName: string };

export const TOKEN_CURRENCY = 'TOKEN';
export const accountTokensPartition = (accountId: string) => `ACCOUNTTOKENS#${accountId}`;
export const accountExternalIdPartition = (accountId: string, externalId: string) =>
  `ACCOUNTASSETEXT#${accountId}#${externalId}`;

export const tokenEntity = assetBaseEntity<StoredToken>({
  indexes: (t) => ({
    GSI1PK: accountTokensPartition(t.accountId),
    GSI1SK: `${t.createdAt}#${t.id}`,
    ...(t.externalId
      ? { GSI2PK: accountExternalIdPartition(t.accountId, t.externalId), GSI2SK: `${t.type}#${t.createdAt}#${t.id}` }
      : {}),
  }),
  required: [
    'id',
    'accountId',
    'category',
    'collectionId',
    'status',
    'createdAt',
    'activeFrom',
    'liveness',
    'createdBy',
    'type',
    'currency',
  ],
});
