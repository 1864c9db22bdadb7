import { crn, id, idOf, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

export const paymentOptionConfig = {
  type: 'object',
  required: ['type'],
  properties: {
    type: text(64),
    walletId: idOf('id'),
    processorMerchantAccountId: text(128),
    processorStoreId: text(128),
    cooperativeMerchantNumber: text(64),
    externalMerchantId: text(128),
    collectionIds: { type: 'array', maxItems: 50, uniqueItems: true, items: idOf('tokenCollection') },
  },
} as const;

const configFields = {
  paymentOptions: { type: 'array', minItems: 1, maxItems: 20, items: paymentOptionConfig },
  allowedRedirectUrls: {
    type: 'array',
    maxItems: 20,
    items: { type: 'string', maxLength: 2048, pattern: '^https?://[^\\s]+$' },
  },
} as const;

export const merchantConfigBody = {
  type: 'object',
  required: ['paymentOptions'],
  properties: configFields,
} as const;

export const merchantConfig = {
  type: 'object',
  required: ['id', 'merchantId', 'paymentOptions', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
  properties: {
    id: { type: 'string' },
    merchantId: id,
    ...configFields,
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

const merchantConfigList = { type: 'array', items: merchantConfig } as const;

/** The merchant-configs group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  MerchantConfig: merchantConfig,
  MerchantConfigList: merchantConfigList,
  MerchantConfigBody: merchantConfigBody,
} as const;
