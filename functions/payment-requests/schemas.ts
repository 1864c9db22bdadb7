import { amount, crn, id, idOf, monetary, reference, timestamp } from '../../schemas/common';

const signedAmount = { type: 'string', pattern: '^-?(0|[1-9][0-9]{0,17})$', maxLength: 19 } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const url = { type: 'string', maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;
const idempotencyKey = text(128);

export const lineItem = {
  type: 'object',
  required: ['name', 'qty'],
  properties: {
    name: text(256),
    sku: text(128),
    qty: { type: 'string', maxLength: 20 },
    price: signedAmount,
    unitPrice: signedAmount,
    tax: { type: 'string', pattern: '^[0-9]{1,3}(\\.[0-9]{1,4})?$', maxLength: 8 },
    discount: amount,
    productId: text(64),
    restricted: { type: 'boolean' },
    productClassification: {
      type: 'object',
      properties: { type: text(32), code: text(64), name: text(256), props: { type: 'object' } },
    },
  },
} as const;

const lineItems = { type: 'array', maxItems: 500, items: lineItem } as const;

export const createPaymentRequestBody = {
  type: 'object',
  required: ['configId', 'value'],
  properties: {
    configId: idOf('merchantConfig'),
    value: monetary,
    barcode: idOf('barcode'),
    barcodeType: text(32),
    collectionId: idOf('tokenCollection'),
    expirySeconds: { type: ['integer', 'string'], pattern: '^[0-9]{1,6}$', minimum: 0, maximum: 999999, maxLength: 6 },
    lineItems,
    purchaseOrderRef: reference,
    invoiceRef: reference,
    redirectCancelUrl: url,
    redirectPaidUrl: url,
    externalRef: reference,
    terminalId: text(64),
    deviceId: text(64),
    operatorId: text(64),
    createdByAccountName: text(128),
    conditionsEnabled: { type: 'boolean' },
    patronNotPresent: { type: 'boolean' },
    preAuth: { type: 'boolean' },
    partialAllowed: { type: 'boolean' },
    basketAmount: amount,
    connectionId: idOf('connection'),
    paymentLinkId: idOf('paymentLink'),
  },
} as const;

const paymentOption = {
  type: 'object',
  required: ['assetType', 'amount'],
  properties: {
    assetType: { type: 'string' },
    amount,
    bitcoinAddress: { type: 'string' },
    acceptedCollections: { type: 'array' },
  },
} as const;

const merchantCondition = {
  type: 'object',
  required: ['id', 'name', 'message', 'status'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    message: { type: 'string' },
    status: { enum: ['awaiting-merchant', 'awaiting-patron', 'accepted', 'declined', 'void'] },
  },
} as const;

const assetTotal = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    description: { type: 'string' },
    settlementDate: { type: 'string' },
    total: monetary,
    payerAccountId: id,
  },
} as const;

export const paymentRequest = {
  type: 'object',
  required: [
    'id',
    'shortCode',
    'url',
    'value',
    'paymentOptions',
    'merchantId',
    'merchantName',
    'configId',
    'status',
    'liveness',
    'createdAt',
    'updatedAt',
    'expiresAt',
    'expirySeconds',
    'merchantConditions',
    'remainingAmount',
  ],
  properties: {
    id,
    shortCode: { type: 'string' },
    url: { type: 'string' },
    value: monetary,
    paymentOptions: { type: 'array', items: paymentOption },
    merchantId: id,
    merchantName: { type: 'string' },
    configId: { type: 'string' },
    status: { enum: ['new', 'paid', 'cancelled', 'expired'] },
    liveness: { enum: ['main', 'test'] },
    createdAt: timestamp,
    updatedAt: timestamp,
    expiresAt: timestamp,
    expirySeconds: { type: 'integer' },
    merchantConditions: { type: 'array', items: merchantCondition },
    remainingAmount: amount,
    patronCodeId: { type: 'string' },
    barcode: { type: 'string' },
    barcodeType: { type: 'string' },
    collectionId: { type: 'string' },
    lineItems: { type: 'array', items: lineItem },
    purchaseOrderRef: { type: 'string' },
    invoiceRef: { type: 'string' },
    redirectCancelUrl: { type: 'string' },
    redirectPaidUrl: { type: 'string' },
    externalRef: { type: 'string' },
    terminalId: { type: 'string' },
    deviceId: { type: 'string' },
    operatorId: { type: 'string' },
    createdByAccountId: id,
    createdByAccountName: { type: 'string' },
    conditionsEnabled: { type: 'boolean' },
    patronNotPresent: { type: 'boolean' },
    cancellationReason: { type: 'string' },
    preAuth: { type: 'boolean' },
    preAuthExpiresAt: timestamp,
    preAuthStatus: { enum: ['authorized', 'released'] },
    taxNumber: {
      type: 'object',
      required: ['value', 'type'],
      properties: { value: { type: 'string' }, type: { type: 'string' } },
    },
    partialAllowed: { type: 'boolean' },
    paidBy: { type: 'object', properties: { assetTotals: { type: 'array', items: assetTotal } } },
    basketAmount: amount,
    connectionId: { type: 'string' },
    connectionStatus: { type: 'string' },
    paymentLinkId: { type: 'string' },
  },
} as const;

export const paymentRequestSummary = {
  type: 'object',
  required: [
    'id',
    'url',
    'merchantId',
    'merchantName',
    'value',
    'createdAt',
    'expiresAt',
    'paymentOptions',
    'remainingAmount',
    'status',
    'liveness',
  ],
  properties: {
    id,
    url: { type: 'string' },
    merchantId: id,
    merchantName: { type: 'string' },
    value: monetary,
    createdAt: timestamp,
    expiresAt: timestamp,
    paymentOptions: { type: 'array', items: paymentOption },
    partialAllowed: { type: 'boolean' },
    basketAmount: amount,
    remainingAmount: amount,
    status: { type: 'string' },
    lineItems: { type: 'array', items: lineItem },
    liveness: { type: 'string' },
  },
} as const;

export const paymentActivity = {
  type: 'object',
  required: ['id', 'type', 'paymentRequestId', 'merchantId', 'createdAt', 'createdBy', 'activityNumber'],
  properties: {
    id: { type: 'string' },
    type: {
      enum: [
        'request',
        'preAuthRequest',
        'paid',
        'payment',
        'refund',
        'cancellation',
        'expiry',
        'accept-condition',
        'decline-condition',
        'authorization',
        'confirmation',
        'release',
      ],
    },
    value: monetary,
    paymentRequestId: id,
    merchantId: id,
    merchantConfigId: { type: 'string' },
    merchantAccountId: id,
    merchantName: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    paymentRequestCreatedBy: crn,
    activityNumber: { type: 'string' },
    shortCode: { type: 'string' },
    assetType: { type: 'string' },
    external: { type: 'boolean' },
    cancellationReason: { type: 'string' },
    /** An integer, docs/conformance.md (the docs' model says number; its example quotes it). */
    conditionId: { type: 'integer' },
    idempotencyKey: { type: 'string' },
    confirmationIdempotencyKey: { type: 'string' },
    externalRef: { type: 'string' },
    invoiceRef: { type: 'string' },
    lineItems: { type: 'array', items: lineItem },
    mode: { type: 'string' },
    externalPaymentRef: { type: 'string' },
    preAuth: { type: 'boolean' },
    paidBy: { type: 'object' },
    strategy: { type: 'object' },
    /** A confirmation's: when it last changed and the account that confirmed it. */
    updatedAt: timestamp,
    createdByAccountId: id,
    createdByAccountName: { type: 'string' },
  },
} as const;

export const payBody = {
  type: 'object',
  required: ['assetType', 'idempotencyKey'],
  properties: {
    assetType: text(64),
    idempotencyKey,
    assetId: idOf('id'),
    transactionId: reference,
    authorization: text(2048),
    mode: { enum: ['partial-payment', 'multi-asset-payment'] },
    amount,
    externalPaymentRef: reference,
    lineItems,
  },
} as const;

export const refundBody = {
  type: 'object',
  required: ['value', 'externalRef'],
  properties: {
    value: monetary,
    externalRef: reference,
    invoiceRef: reference,
    confirmationIdempotencyKey: idempotencyKey,
    lineItems,
    merchantConfigId: idOf('merchantConfig'),
  },
} as const;

export const confirmBody = {
  type: 'object',
  required: ['idempotencyKey', 'invoiceRef', 'lineItems'],
  properties: { idempotencyKey, invoiceRef: reference, lineItems, value: monetary },
} as const;

/** Pages of this group's resources: what the payment-activities group's listings answer (by schema id). */
const paymentRequestPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: paymentRequest }, nextPageKey: { type: 'string' } },
} as const;

const paymentActivityPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: paymentActivity }, nextPageKey: { type: 'string' } },
} as const;

/** The payment-requests group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  CreatePaymentRequestBody: createPaymentRequestBody,
  PaymentRequest: paymentRequest,
  PaymentRequestPage: paymentRequestPage,
  PaymentRequestSummary: paymentRequestSummary,
  PaymentActivity: paymentActivity,
  PaymentActivityPage: paymentActivityPage,
  PayBody: payBody,
  RefundBody: refundBody,
  ConfirmBody: confirmBody,
} as const;
