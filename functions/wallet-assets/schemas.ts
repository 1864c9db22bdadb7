import {
  amount,
  crn,
  id,
  idOf,
  imageUrl,
  monetary,
  pageQuery,
  timestamp,
  tokenImageFields,
} from '../../schemas/common';

export const walletAsset = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'category',
    'type',
    'ledgerId',
    'liveness',
    'currency',
    'balance',
    'availableBalance',
    'settlement',
    'status',
    'createdAt',
    'createdBy',
  ],
  additionalProperties: false,
  properties: {
    id,
    accountId: id,
    category: { const: 'money' },
    type: { type: 'string' },
    ledgerId: { type: 'string' },
    liveness: { enum: ['main', 'test'] },
    description: { type: 'string' },
    currency: { type: 'string' },
    balance: amount,
    availableBalance: amount,
    settlement: { type: 'boolean' },
    status: { enum: ['active', 'archived'] },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

const walletAssetList = { type: 'array', items: walletAsset } as const;

const ASSET_CATEGORIES = ['money', 'token'] as const;

/**
 * An asset of any category the platform holds (the docs' Assets model): the common fields, then each category's own
 * (money: a wallet's ledger and balances; token: its collection, activity window and branding).
 */
const asset = {
  type: 'object',
  required: ['id', 'accountId', 'category', 'type', 'liveness', 'status', 'createdAt', 'createdBy'],
  additionalProperties: false,
  properties: {
    ...walletAsset.properties,
    category: { enum: ASSET_CATEGORIES },
    collectionId: id,
    collectionType: { type: 'string' },
    activeFrom: timestamp,
    expiresAt: timestamp,
    ...tokenImageFields,
    issuer: { type: 'string' },
    issuerWebsite: { type: 'string' },
    externalId: { type: 'string' },
  },
} as const;

/** What anyone holding an asset's id may see of it (a claim or share page). */
export const assetSummary = {
  type: 'object',
  required: ['id', 'liveness'],
  additionalProperties: false,
  properties: {
    id,
    liveness: { enum: ['main', 'test'] },
    description: { type: 'string' },
    expiresAt: timestamp,
    img: imageUrl,
    issuer: { type: 'string' },
  },
} as const;

const assetPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: asset }, nextPageKey: { type: 'string' } },
} as const;

export const accountAssetsQuery = {
  type: 'object',
  properties: { ...pageQuery, category: { enum: ASSET_CATEGORIES }, externalId: idOf('externalId') },
} as const;

export const createWalletAssetBody = {
  type: 'object',
  required: ['accountId', 'ledgerId'],
  properties: {
    accountId: idOf('id'),
    ledgerId: { type: 'string', minLength: 1, maxLength: 64 },
    /** A boolean; the documented example sends the string "true", so "true" and "false" are taken too. */
    settlement: { enum: [true, false, 'true', 'false'] },
  },
} as const;

export const listWalletAssetsQuery = {
  type: 'object',
  properties: { accountId: idOf('id') },
} as const;

export const testTopupBody = {
  type: 'object',
  required: ['value', 'idempotencyKey'],
  properties: {
    value: monetary,
    idempotencyKey: { type: 'string', minLength: 1, maxLength: 128 },
  },
} as const;

export const walletTransaction = {
  type: 'object',
  required: ['id', 'activityNumber', 'kind', 'amount', 'value', 'currency', 'srcParty', 'destParty', 'createdAt'],
  properties: {
    id: { type: 'string' },
    /** The entry's place in the wallet's history, 1 for the first. */
    activityNumber: { type: 'string', pattern: '^[1-9][0-9]*$', maxLength: 20 },
    kind: { type: 'string' },
    amount: amount,
    /** Signed change of this wallet's balance. */
    value: { type: 'string', pattern: '^-?(0|[1-9][0-9]*)$', maxLength: 21 },
    currency: { type: 'string' },
    srcWalletId: { type: 'string' },
    destWalletId: { type: 'string' },
    /** Display names of who provided and who received the money (an individual's masked). */
    srcParty: { type: 'string' },
    destParty: { type: 'string' },
    paymentRequestId: { type: 'string' },
    topupId: { type: 'string' },
    withdrawalId: { type: 'string' },
    refundId: { type: 'string' },
    createdAt: timestamp,
  },
} as const;

const walletTransactionPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: walletTransaction }, nextPageKey: { type: 'string' } },
} as const;

export const walletTransactionsQuery = { type: 'object', properties: { ...pageQuery } } as const;

export const testTopup = {
  type: 'object',
  required: ['id', 'assetId', 'value', 'idempotencyKey', 'createdAt', 'createdBy'],
  properties: {
    id: { type: 'string' },
    assetId: id,
    value: monetary,
    balance: amount,
    idempotencyKey: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

/** The wallet-assets group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  WalletAsset: walletAsset,
  Asset: asset,
  AssetSummary: assetSummary,
  AssetPage: assetPage,
  AccountAssetsQuery: accountAssetsQuery,
  WalletAssetList: walletAssetList,
  CreateWalletAssetBody: createWalletAssetBody,
  ListWalletAssetsQuery: listWalletAssetsQuery,
  TestTopupBody: testTopupBody,
  TestTopup: testTopup,
  WalletTransactionPage: walletTransactionPage,
  WalletTransactionsQuery: walletTransactionsQuery,
} as const;
