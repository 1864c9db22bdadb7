import {
  crn,
  id,
  idOf,
  imageFields,
  monetary,
  pageQuery,
  reference,
  timestamp,
  tokenImageFields,
} from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** How long a collection's tokens live: `duration` periods, rounded up to a `ceil` boundary. */
const tokenExpiresAfter = {
  type: 'object',
  required: ['period', 'duration'],
  properties: {
    period: { enum: PERIODS },
    /** A count of periods; the docs carry it as a string, a number is taken too. */
    duration: { type: ['string', 'integer'], pattern: '^[1-9][0-9]{0,3}$', minimum: 1, maximum: 9999, maxLength: 4 },
    ceil: { enum: PERIODS },
  },
} as const;

const COLLECTION_TYPES = ['product', 'discount'] as const;

export const tokenCollection = {
  type: 'object',
  required: ['id', 'name', 'accountId', 'type', 'status', 'test', 'createdAt', 'createdBy'],
  properties: {
    id,
    name: { type: 'string' },
    accountId: id,
    tokenExpiresAfter: {
      type: 'object',
      required: ['period', 'duration'],
      properties: { period: { type: 'string' }, duration: { type: 'string' }, ceil: { type: 'string' } },
    },
    tokenExpiresAt: timestamp,
    maxValue: monetary,
    test: { type: 'boolean' },
    type: { enum: COLLECTION_TYPES },
    status: { enum: ['active'] },
    createdBy: crn,
    createdAt: timestamp,
    ...imageFields,
    issuer: { type: 'string' },
    externalId: { type: 'string' },
  },
} as const;

export const createCollectionBody = {
  type: 'object',
  required: ['name', 'accountId', 'type'],
  properties: {
    name: text(128),
    accountId: idOf('id'),
    tokenExpiresAfter,
    tokenExpiresAt: timestamp,
    type: { enum: COLLECTION_TYPES },
    maxValue: monetary,
    mediaUploadId: idOf('id'),
    externalId: reference,
  },
} as const;

const tokenCollectionPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: tokenCollection }, nextPageKey: { type: 'string' } },
} as const;

export const collectionsQuery = { type: 'object', properties: { ...pageQuery } } as const;

export const allowedProduct = {
  type: 'object',
  required: ['sku'],
  properties: { sku: text(128), name: text(256), maxValue: monetary },
} as const;

const allowedProducts = { type: 'array', minItems: 1, maxItems: 100, items: allowedProduct } as const;

export const redemptionCondition = {
  type: 'object',
  required: ['id', 'merchantId', 'collectionId', 'allowedProducts', 'createdAt', 'createdBy'],
  properties: {
    id,
    merchantId: id,
    collectionId: id,
    allowedProducts: { type: 'array', items: allowedProduct },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

export const createRedemptionConditionBody = {
  type: 'object',
  required: ['merchantId', 'allowedProducts'],
  properties: { merchantId: idOf('id'), allowedProducts },
} as const;

export const setAllowedProductsBody = {
  type: 'object',
  required: ['allowedProducts'],
  properties: { allowedProducts },
} as const;

/** A token: an asset of category `token`, spent whole. */
export const token = {
  type: 'object',
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
  ],
  properties: {
    id,
    accountId: id,
    category: { const: 'token' },
    collectionId: id,
    collectionType: { enum: COLLECTION_TYPES },
    status: { enum: ['active', 'archived'] },
    createdAt: timestamp,
    activeFrom: timestamp,
    expiresAt: timestamp,
    liveness: { enum: ['main', 'test'] },
    createdBy: crn,
    description: { type: 'string' },
    ...tokenImageFields,
    issuer: { type: 'string' },
    issuerWebsite: { type: 'string' },
    type: { type: 'string' },
    externalId: { type: 'string' },
  },
} as const;

export const createTokenBody = {
  type: 'object',
  required: ['collectionId', 'idempotencyKey'],
  properties: {
    collectionId: idOf('tokenCollection'),
    idempotencyKey: text(128),
    externalId: reference,
    accountId: idOf('id'),
  },
} as const;

/** The tokens group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  TokenCollection: tokenCollection,
  CreateCollectionBody: createCollectionBody,
  TokenCollectionPage: tokenCollectionPage,
  CollectionsQuery: collectionsQuery,
  RedemptionCondition: redemptionCondition,
  CreateRedemptionConditionBody: createRedemptionConditionBody,
  SetAllowedProductsBody: setAllowedProductsBody,
  Token: token,
  CreateTokenBody: createTokenBody,
} as const;
