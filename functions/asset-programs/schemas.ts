import { crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';

const url = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;
/** Set once a step happened, `null` before (the docs show `approvedAt: null` until approval). */
const momentOrNull = { type: ['string', 'null'], format: 'date-time' } as const;
const assetType = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9.-]*$' } as const;
const collectionId = idOf('tokenCollection');

const MAX_ASSET_TYPES = 20;
const MAX_COLLECTIONS = 50;

export const assetProgram = {
  type: 'object',
  required: [
    'id',
    'name',
    'accountId',
    'assetTypes',
    'collectionIds',
    'test',
    'published',
    'privacyPolicyUrl',
    'termsOfServiceUrl',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
  ],
  properties: {
    id,
    name: { type: 'string' },
    accountId: id,
    assetTypes: { type: 'array', items: { type: 'string' } },
    collectionIds: { type: 'array', items: { type: 'string' } },
    mediaUploadId: { type: 'string' },
    test: { type: 'boolean' },
    published: { type: 'boolean' },
    privacyPolicyUrl: { type: 'string' },
    termsOfServiceUrl: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

export const createAssetProgramBody = {
  type: 'object',
  required: ['name', 'accountId', 'assetTypes', 'termsOfServiceUrl', 'collectionIds', 'privacyPolicyUrl'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 128 },
    accountId: idOf('id'),
    assetTypes: { type: 'array', minItems: 1, maxItems: MAX_ASSET_TYPES, uniqueItems: true, items: assetType },
    termsOfServiceUrl: url,
    collectionIds: { type: 'array', maxItems: MAX_COLLECTIONS, uniqueItems: true, items: collectionId },
    privacyPolicyUrl: url,
    mediaUploadId: idOf('id'),
  },
} as const;

export const privacyPolicyUrlBody = {
  type: 'object',
  required: ['privacyPolicyUrl'],
  properties: { privacyPolicyUrl: url },
} as const;
export const termsOfServiceUrlBody = {
  type: 'object',
  required: ['termsOfServiceUrl'],
  properties: { termsOfServiceUrl: url },
} as const;

const MEMBERSHIP_STATUSES = ['created', 'accepted', 'approved'] as const;

export const assetProgramMembership = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'assetProgramId',
    'status',
    'test',
    'tosAcceptedAt',
    'approvedAt',
    'billingBankAccountId',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
  ],
  properties: {
    id,
    accountId: id,
    assetProgramId: id,
    status: { enum: MEMBERSHIP_STATUSES },
    test: { type: 'boolean' },
    tosAcceptedAt: momentOrNull,
    approvedAt: momentOrNull,
    billingBankAccountId: id,
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

export const createMembershipBody = {
  type: 'object',
  required: ['assetProgramId', 'accountId', 'billingBankAccountId'],
  properties: {
    assetProgramId: idOf('assetProgram'),
    accountId: idOf('id'),
    accept: { type: 'boolean' },
    approve: { type: 'boolean' },
    billingBankAccountId: idOf('id'),
  },
} as const;

export const billingBankAccountBody = {
  type: 'object',
  required: ['billingBankAccountId'],
  properties: { billingBankAccountId: idOf('id') },
} as const;

export const assetProgramConfig = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'assetProgramId',
    'assetProgramMembershipId',
    'merchantId',
    'enabled',
    'status',
    'test',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
  ],
  properties: {
    id,
    accountId: id,
    assetProgramId: id,
    assetProgramMembershipId: id,
    merchantId: id,
    enabled: { type: 'boolean' },
    status: { enum: ['active', 'disabled'] },
    test: { type: 'boolean' },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

export const createConfigBody = {
  type: 'object',
  required: ['merchantId'],
  properties: { merchantId: idOf('id') },
} as const;

const pageOf = <T>(item: T) =>
  ({
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: item }, nextPageKey: { type: 'string' } },
  }) as const;

const assetProgramPage = pageOf(assetProgram);
const membershipPage = pageOf(assetProgramMembership);
const configPage = pageOf(assetProgramConfig);

/** Published programs of one liveness: the caller's account's unless `test` names the other. */
export const assetProgramsQuery = { type: 'object', properties: { ...pageQuery, test: { type: 'boolean' } } } as const;
const status = { enum: MEMBERSHIP_STATUSES } as const;
export const programMembershipsQuery = {
  type: 'object',
  required: ['status'],
  properties: { ...pageQuery, status },
} as const;
export const accountMembershipsQuery = { type: 'object', properties: { ...pageQuery, status } } as const;
export const configsQuery = { type: 'object', properties: { ...pageQuery } } as const;

/** The asset-programs group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  AssetProgram: assetProgram,
  CreateAssetProgramBody: createAssetProgramBody,
  AssetProgramPrivacyPolicyUrlBody: privacyPolicyUrlBody,
  AssetProgramTermsOfServiceUrlBody: termsOfServiceUrlBody,
  AssetProgramPage: assetProgramPage,
  AssetProgramsQuery: assetProgramsQuery,
  AssetProgramMembership: assetProgramMembership,
  CreateAssetProgramMembershipBody: createMembershipBody,
  AssetProgramMembershipBillingBody: billingBankAccountBody,
  AssetProgramMembershipPage: membershipPage,
  ProgramMembershipsQuery: programMembershipsQuery,
  AccountMembershipsQuery: accountMembershipsQuery,
  AssetProgramConfig: assetProgramConfig,
  CreateAssetProgramConfigBody: createConfigBody,
  AssetProgramConfigPage: configPage,
  AssetProgramConfigsQuery: configsQuery,
} as const;
