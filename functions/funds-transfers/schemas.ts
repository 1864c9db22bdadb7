import { amount, crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';

/** A top up or a withdrawal: money between a bank account and a wallet asset of one account. */
export const fundsTransfer = {
  type: 'object',
  required: ['id', 'assetId', 'bankAccountId', 'accountId', 'type', 'amount', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id,
    assetId: id,
    bankAccountId: id,
    accountId: id,
    type: { enum: ['topup', 'withdrawal'] },
    amount,
    /**
     * `created` until the bank settles; then `done`, except a top up from a bank account not yet
     * verified: `settled` (collected, not credited) until it is. `failed` / `aborted`: the bank
     * failed or aborted it, or its account aborted a top up (docs/api/funds-transfers.md#states).
     */
    status: { enum: ['created', 'settled', 'done', 'failed', 'aborted'] },
    test: { type: 'boolean' },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
  },
} as const;

const fundsTransferList = { type: 'array', items: fundsTransfer } as const;

const fundsTransferPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: fundsTransfer }, nextPageKey: { type: 'string' } },
} as const;

/** Amounts in cents, positive (initiation.ts bounds one transfer to NZD 999,999.99). */
const transferAmount = { type: 'string', pattern: '^[1-9][0-9]{0,17}$', maxLength: 18 } as const;

export const createFundsTransferBody = {
  type: 'object',
  required: ['assetId', 'bankAccountId', 'amount'],
  properties: { assetId: idOf('id'), bankAccountId: idOf('id'), amount: transferAmount },
} as const;

export const fundsTransfersQuery = { type: 'object', properties: { ...pageQuery } } as const;

const abortResult = { type: 'object', additionalProperties: false, properties: {} } as const;

/** What the simulated bank reports for a transfer (platform operator): settled, failed or aborted. */
export const bankOutcomeBody = {
  type: 'object',
  required: ['outcome'],
  properties: { outcome: { enum: ['settled', 'failed', 'aborted'] } },
} as const;

/** One movement of an asset's value (Asset Transaction Activity). */
export const assetTransaction = {
  type: 'object',
  additionalProperties: false,
  required: ['assetId', 'activityNumber', 'activityType', 'type', 'kind', 'amount', 'createdAt', 'createdBy'],
  properties: {
    ref: { type: 'string' },
    refType: { type: 'string' },
    type: { enum: ['increment-balance', 'decrement-balance', 'transfer'] },
    kind: { type: 'string' },
    assetId: id,
    accountId: id,
    bankAccountId: id,
    srcAssetId: { type: 'string' },
    destAssetId: { type: 'string' },
    /** The bank account the money came from or went to, masked. */
    otherParty: { type: 'string' },
    amount,
    currency: { type: 'string' },
    activityType: { enum: ['value-in', 'value-out'] },
    activityNumber: { type: 'string', pattern: '^[1-9][0-9]*$', maxLength: 20 },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

const assetTransactionPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: assetTransaction }, nextPageKey: { type: 'string' } },
} as const;

export const assetActivitiesQuery = {
  type: 'object',
  required: ['bankAccountId'],
  properties: { bankAccountId: idOf('id'), ...pageQuery },
} as const;

/** The funds-transfers group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  // One shape under the name of each resource, so each create reads back through its own get.
  FundsTransfer: fundsTransfer,
  Topup: fundsTransfer,
  Withdrawal: fundsTransfer,
  FundsTransferList: fundsTransferList,
  FundsTransferPage: fundsTransferPage,
  CreateFundsTransferBody: createFundsTransferBody,
  FundsTransfersQuery: fundsTransfersQuery,
  AbortResult: abortResult,
  BankOutcomeBody: bankOutcomeBody,
  AssetTransaction: assetTransaction,
  AssetTransactionPage: assetTransactionPage,
  AssetActivitiesQuery: assetActivitiesQuery,
} as const;
