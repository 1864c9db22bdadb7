import { crn, id, idOf, location, metadata, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

const ONBOARDING_STATUSES = ['applied', 'provisioning', 'active', 'deactivated', 'on-hold'] as const;

const mutable = {
  name: text(128),
  settlementConfig: { type: 'object', properties: { bankAccountId: idOf('id') } },
  location,
  categoryCode: { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 },
} as const;

export const createMerchantBody = {
  type: 'object',
  required: ['accountId', 'name', 'country', 'test'],
  properties: {
    accountId: idOf('id'),
    country: { type: 'string', pattern: '^[A-Z]{2}$', maxLength: 2 },
    test: { type: 'boolean' },
    type: { enum: ['physical', 'e-commerce'] },
    ...mutable,
  },
} as const;

export const updateMerchantBody = { type: 'object', properties: mutable } as const;

export const merchant = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'name',
    'country',
    'test',
    'onboardingStatus',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
  ],
  properties: {
    id,
    accountId: id,
    country: { type: 'string' },
    test: { type: 'boolean' },
    type: { type: 'string' },
    onboardingStatus: { enum: ONBOARDING_STATUSES },
    onboardingStatusReason: { type: 'string' },
    metadata: { type: 'object' },
    createdAt: timestamp,
    updatedAt: timestamp,
    createdBy: crn,
    updatedBy: crn,
    ...mutable,
  },
} as const;

const merchantPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: merchant }, nextPageKey: { type: 'string' } },
} as const;

export const listMerchantsQuery = { type: 'object', properties: { ...pageQuery } } as const;

export const setOnboardingStatusBody = {
  type: 'object',
  required: ['onboardingStatus'],
  properties: { onboardingStatus: { enum: ONBOARDING_STATUSES }, onboardingStatusReason: text(64) },
} as const;

export const merchantActivity = {
  type: 'object',
  required: ['type', 'onboardingStatus', 'merchantId', 'createdAt', 'createdBy', 'activityNumber'],
  properties: {
    type: { const: 'set-onboarding-status' },
    onboardingStatus: { type: 'string' },
    onboardingStatusReason: { type: 'string' },
    merchantId: id,
    createdAt: timestamp,
    createdBy: crn,
    activityNumber: { type: 'string' },
  },
} as const;

export const merchantMetadataBody = { type: 'object', required: ['metadata'], properties: { metadata } } as const;

const merchantMetadata = {
  type: 'object',
  required: ['merchantId', 'createdAt', 'createdBy', 'metadata'],
  properties: { merchantId: id, createdAt: timestamp, createdBy: crn, metadata: { type: 'object' } },
} as const;

export const merchantSearchQuery = {
  type: 'object',
  properties: {
    origin: { type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]+)?,-?[0-9]{1,3}(\\.[0-9]+)?$', maxLength: 64 },
    distance: { type: 'number', exclusiveMinimum: 0, maximum: 20000 },
    asset: text(64),
    name: text(128),
    accountId: idOf('id'),
    categoryCode: { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 },
    test: { type: 'boolean' },
    hasLoyaltyProgram: { type: 'boolean' },
    ...pageQuery,
  },
} as const;

const merchantSearchResults = {
  type: 'object',
  required: ['totalItems', 'items'],
  properties: {
    totalItems: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'acceptedAssets', 'accountId', 'loyaltyPrograms'],
        properties: {
          id,
          name: { type: 'string' },
          acceptedAssets: { type: 'array' },
          location,
          accountId: id,
          categoryCode: { type: 'string' },
          loyaltyPrograms: { type: 'array' },
        },
      },
    },
    nextPageKey: { type: 'string' },
  },
} as const;

/** The merchants group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Merchant: merchant,
  MerchantPage: merchantPage,
  CreateMerchantBody: createMerchantBody,
  UpdateMerchantBody: updateMerchantBody,
  ListMerchantsQuery: listMerchantsQuery,
  SetOnboardingStatusBody: setOnboardingStatusBody,
  MerchantActivity: merchantActivity,
  MerchantMetadataBody: merchantMetadataBody,
  MerchantMetadata: merchantMetadata,
  MerchantSearchQuery: merchantSearchQuery,
  MerchantSearchResults: merchantSearchResults,
} as const;
