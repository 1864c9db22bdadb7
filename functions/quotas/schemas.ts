import { amount } from '../../schemas/common';
import { MAX_QUOTA_LIMITS, QUOTA_PERIODS, QUOTA_TYPES } from '../core/ledger/quotas';

const assetType = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * One quota: `usage` of `limit` (amounts in the asset's smallest unit) in the current `interval` (`2026-03`, `2026`).
 */
const quota = {
  type: 'object',
  required: ['limit', 'interval', 'period', 'usage', 'type', 'assetType'],
  properties: {
    limit: amount,
    interval: { type: 'string' },
    period: { enum: QUOTA_PERIODS },
    usage: amount,
    type: { enum: QUOTA_TYPES },
    assetType,
  },
} as const;

const quotaList = { type: 'array', items: quota } as const;

export const setQuotaLimitsBody = {
  type: 'object',
  required: ['limits'],
  properties: {
    limits: {
      type: 'array',
      maxItems: MAX_QUOTA_LIMITS,
      items: {
        type: 'object',
        required: ['type', 'period', 'assetType', 'limit'],
        properties: { type: { enum: QUOTA_TYPES }, period: { enum: QUOTA_PERIODS }, assetType, limit: amount },
      },
    },
  },
} as const;

export const SCHEMAS = {
  Quota: quota,
  QuotaList: quotaList,
  SetQuotaLimitsBody: setQuotaLimitsBody,
} as const;
