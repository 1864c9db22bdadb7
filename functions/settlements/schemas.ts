import { amount, crn, id, pageQuery, timestamp } from '../../schemas/common';

/**
 * A merchant's settlement: what one settlement wallet took in over a period (payments less refunds), paid out to the
 * merchant's settlement bank account.
 */
export const settlement = {
  type: 'object',
  required: [
    'id',
    'merchantId',
    'status',
    'assetType',
    'currency',
    'settlementAmount',
    'settlementBankAccountId',
    'settlementBankTransferId',
    'walletId',
    'periodStart',
    'periodEnd',
    'type',
    'test',
    'createdAt',
    'createdBy',
  ],
  properties: {
    id,
    merchantId: id,
    /**
     * `awaiting-confirmation` once the wallet is debited and the payout sent to the bank; then `confirmed` (the bank
     * paid it) or `returned` (the bank sent it back: the amount is credited to the wallet again and settled anew).
     */
    status: { enum: ['awaiting-confirmation', 'confirmed', 'returned'] },
    assetType: { type: 'string', maxLength: 64 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 },
    settlementAmount: amount,
    settlementBankAccountId: id,
    settlementBankTransferId: id,
    walletId: id,
    /** The settled movements' times are at or after `periodStart` and before `periodEnd` (UTC day boundaries). */
    periodStart: timestamp,
    periodEnd: timestamp,
    type: { enum: ['centrapay'] },
    test: { type: 'boolean' },
    createdAt: timestamp,
    createdBy: crn,
    settledAt: timestamp,
    settledBy: crn,
  },
} as const;

const settlementPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: settlement }, nextPageKey: { type: 'string' } },
} as const;

export const settlementsQuery = { type: 'object', properties: { ...pageQuery } } as const;

export const settlementBankOutcomeBody = {
  type: 'object',
  required: ['outcome'],
  properties: { outcome: { enum: ['settled', 'returned'] } },
} as const;

export const SCHEMAS = {
  Settlement: settlement,
  SettlementPage: settlementPage,
  SettlementsQuery: settlementsQuery,
  SettlementBankOutcomeBody: settlementBankOutcomeBody,
} as const;
