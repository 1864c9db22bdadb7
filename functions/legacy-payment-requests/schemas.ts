/**
 * The deprecated legacy payment request API (`/payments/api/…`). Parameter schemas end in `Params`:
 * they validate the query string and body merged, and coerce, because legacy clients send strings
 * (form fields, query parameters) where JSON clients send numbers. Amounts stay strings in code:
 * a JSON number is coerced to its string at the edge and must then match the integer pattern.
 */
import { amount, id, idOf, reference, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const url = { type: 'string', maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;
const number = { type: 'integer' } as const;

export const legacyCreateRequestParams = {
  type: 'object',
  required: ['amount', 'asset', 'merchantId'],
  properties: {
    amount,
    asset: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 },
    merchantId: idOf('id'),
    /** The merchant config id, with or without its `mc_` prefix. */
    clientId: idOf('merchantConfigAnyForm'),
    description: text(256),
    externalReference: text(128),
    notifyUrl: url,
    patronCode: idOf('barcode'),
    paymentExpirySeconds: { type: 'integer', minimum: 0, maximum: 999999 },
    terminalId: text(64),
    deviceId: text(64),
  },
} as const;

const requestIdOnly = { type: 'object', required: ['requestId'], properties: { requestId: idOf('id') } } as const;
export const legacyRequestInfoQuery = requestIdOnly;
export const legacyRequestIdParams = requestIdOnly;

export const legacyPayParams = {
  type: 'object',
  required: ['requestId', 'ledger', 'authorization'],
  properties: { requestId: idOf('id'), ledger: text(64), authorization: text(2048) },
} as const;

export const legacyRefundParams = {
  type: 'object',
  required: ['transactionId', 'amount'],
  properties: { transactionId: idOf('id'), amount, externalReference: reference },
} as const;

const denomination = {
  type: 'object',
  required: ['amount', 'asset'],
  properties: { amount: number, asset: { type: 'string' } },
} as const;

export const legacyPaymentRequest = {
  type: 'object',
  required: [
    'requestId',
    'shortCode',
    'merchantId',
    'merchantName',
    'clientId',
    'denomination',
    'payments',
    'qrCode',
    'requestCode',
    'status',
    'createdAt',
    'updatedAt',
    'liveness',
    'paymentExpirySeconds',
  ],
  properties: {
    requestId: id,
    shortCode: { type: 'string' },
    merchantId: id,
    merchantName: { type: 'string' },
    clientId: { type: 'string' },
    denomination,
    payments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['ledger', 'amount', 'account', 'methods'],
        properties: {
          ledger: { type: 'string' },
          amount: number,
          account: id,
          methods: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    qrCode: { type: 'string' },
    requestCode: { type: 'string' },
    patronCode: { type: 'string' },
    status: { enum: ['new', 'paid', 'cancelled', 'expired'] },
    cancellationReason: { type: 'string' },
    createdAt: timestamp,
    updatedAt: timestamp,
    liveness: { enum: ['main', 'test'] },
    paymentExpirySeconds: { type: 'string' },
    terminalId: { type: 'string' },
    deviceId: { type: 'string' },
    description: { type: 'string' },
    externalReference: { type: 'string' },
    paidBy: {
      type: 'object',
      required: ['transactionId', 'amount'],
      properties: { transactionId: id, amount: number },
    },
    notifyUrl: { type: 'string' },
  },
} as const;

export const legacyTransactionResult = {
  type: 'object',
  required: [
    'createdAt',
    'currencyExchange',
    'merchant',
    'payment',
    'reference',
    'settlementDate',
    'status',
    'type',
    'version',
  ],
  properties: {
    createdAt: timestamp,
    currencyExchange: {
      type: 'object',
      required: ['asset', 'rate'],
      properties: { asset: { type: 'string' }, rate: { type: 'number' } },
    },
    merchant: {
      type: 'object',
      required: ['id', 'name'],
      properties: { categoryCode: { type: 'string' }, id, location: { type: 'string' }, name: { type: 'string' } },
    },
    payment: {
      type: 'object',
      required: ['amount', 'asset', 'message'],
      properties: { amount: number, asset: { type: 'string' }, message: { type: 'string' } },
    },
    reference: id,
    settlementDate: { type: 'string', format: 'date' },
    status: { const: 'completed' },
    type: { enum: ['txPurchase', 'txRefund'] },
    version: { const: 1 },
  },
} as const;

export const legacyRequestSummary = {
  type: 'object',
  required: ['merchantName', 'status', 'denomination', 'createdAt', 'updatedAt', 'requestId', 'merchantId'],
  properties: {
    merchantName: { type: 'string' },
    status: { enum: ['new', 'paid', 'cancelled', 'expired'] },
    denomination,
    createdAt: timestamp,
    updatedAt: timestamp,
    externalReference: { type: 'string' },
    requestId: id,
    merchantId: id,
    description: { type: 'string' },
  },
} as const;

export const legacyVoidResult = {
  type: 'object',
  required: ['type', 'status', 'message'],
  properties: {
    type: { enum: ['voidCancel', 'voidRefund'] },
    status: { const: 'success' },
    message: { type: 'string' },
  },
} as const;

/** The legacy-payment-requests group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  LegacyCreateRequestParams: legacyCreateRequestParams,
  LegacyRequestInfoQuery: legacyRequestInfoQuery,
  LegacyRequestIdParams: legacyRequestIdParams,
  LegacyPayParams: legacyPayParams,
  LegacyRefundParams: legacyRefundParams,
  LegacyPaymentRequest: legacyPaymentRequest,
  LegacyTransactionResult: legacyTransactionResult,
  LegacyRequestSummary: legacyRequestSummary,
  LegacyVoidResult: legacyVoidResult,
} as const;
