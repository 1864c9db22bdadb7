import { crn, id, idOf, pageActionQuery, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
/** A positive integer count of the asset's units, as a string (a number is taken too). */
const units = { type: ['string', 'integer'], pattern: '^[1-9][0-9]{0,17}$', minimum: 1, maxLength: 18 } as const;
/** An email address or an E.123 phone number: whom a transfer is for until an account claims it. */
const alias = {
  type: 'string',
  maxLength: 254,
  pattern: '^(\\+[1-9][0-9]{6,14}|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$',
} as const;

const STATUSES = ['created', 'sent', 'claimed', 'cancelled', 'expired', 'returned'] as const;

const valueConfig = {
  type: 'object',
  required: ['type', 'params'],
  properties: {
    type: { enum: ['flat'] },
    params: { type: 'object', required: ['amount'], properties: { amount: units } },
  },
} as const;

const claimCondition = {
  type: 'object',
  required: ['type', 'params'],
  properties: {
    type: { enum: ['frequency'] },
    params: {
      type: 'object',
      required: ['period', 'limit'],
      properties: { period: { enum: ['lifetime'] }, limit: units },
    },
  },
} as const;

export const createAssetTransferBody = {
  type: 'object',
  required: ['assetId'],
  properties: {
    assetId: idOf('id'),
    recipientAlias: alias,
    description: text(200),
    message: text(100),
    value: units,
    senderName: text(30),
    suppressNotification: { type: 'boolean' },
    claimType: { enum: ['single', 'multi'] },
    valueConfig,
    claimConditions: { type: 'array', maxItems: 5, items: claimCondition },
    expiresAt: timestamp,
    loyaltyProgramId: idOf('id'),
  },
} as const;

const storedValueConfig = {
  type: 'object',
  properties: { type: { type: 'string' }, params: { type: 'object', properties: { amount: { type: 'string' } } } },
} as const;
const storedClaimCondition = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    params: { type: 'object', properties: { period: { type: 'string' }, limit: { type: 'string' } } },
  },
} as const;

export const assetTransfer = {
  type: 'object',
  required: [
    'id',
    'status',
    'value',
    'assetId',
    'assetType',
    'senderAccountId',
    'createdAt',
    'updatedAt',
    'suppressNotifications',
    'claimType',
    'remainingValue',
  ],
  properties: {
    id,
    status: { enum: STATUSES },
    value: { type: 'string' },
    assetId: id,
    assetType: { type: 'string' },
    assetCollectionId: { type: 'string' },
    description: { type: 'string' },
    message: { type: 'string' },
    lastSentTo: { type: 'string' },
    senderAlias: { type: 'string' },
    senderName: { type: 'string' },
    recipientAccountId: id,
    senderAccountId: id,
    claimedByAccountId: id,
    recipientAlias: { type: 'string' },
    createdAt: timestamp,
    updatedAt: timestamp,
    suppressNotifications: { type: 'boolean' },
    url: { type: 'string' },
    claimType: { enum: ['single', 'multi'] },
    valueConfig: storedValueConfig,
    claimConditions: { type: 'array', items: storedClaimCondition },
    remainingValue: { type: 'string' },
    expiresAt: timestamp,
    loyaltyProgramId: { type: 'string' },
  },
} as const;

export const assetTransferSummary = {
  type: 'object',
  required: ['id', 'status', 'assetId', 'createdAt'],
  properties: {
    id,
    status: { enum: STATUSES },
    assetId: id,
    message: { type: 'string' },
    senderName: { type: 'string' },
    createdAt: timestamp,
    url: { type: 'string' },
    assetCollectionId: { type: 'string' },
  },
} as const;

const assetTransferPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: assetTransfer }, nextPageKey: { type: 'string' } },
} as const;

export const assetTransfersQuery = {
  type: 'object',
  properties: {
    senderAccountId: idOf('id'),
    recipientAccountId: idOf('id'),
    ...pageQuery,
  },
} as const;

const empty = { type: 'object', additionalProperties: false, properties: {} } as const;

export const verifiedAliasBody = { type: 'object', required: ['alias'], properties: { alias } } as const;

const verifiedAlias = {
  type: 'object',
  required: ['accountId', 'alias', 'verifiedAt', 'verifiedBy'],
  properties: { accountId: id, alias: { type: 'string' }, verifiedAt: timestamp, verifiedBy: crn },
} as const;

/** The asset-transfers group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  CreateAssetTransferBody: createAssetTransferBody,
  AssetTransfer: assetTransfer,
  AssetTransferSummary: assetTransferSummary,
  AssetTransferPage: assetTransferPage,
  AssetTransfersQuery: assetTransfersQuery,
  ClaimableAssetsResolved: empty,
  VerifiedAliasBody: verifiedAliasBody,
  VerifiedAlias: verifiedAlias,
  // The claim page's test claim token, from the page's form (claim-page-token.ts).
  ClaimPageActionQuery: pageActionQuery,
} as const;
