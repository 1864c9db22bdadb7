import { id, pageQuery } from '../../schemas/common';
import { paymentActivitySchema, paymentRequestSchema } from '../payment-requests';

export const paymentRequestPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: paymentRequestSchema }, nextPageKey: { type: 'string' } },
} as const;

export const externalRefQuery = {
  type: 'object',
  required: ['merchantAccountId'],
  properties: { merchantAccountId: id, ...pageQuery },
} as const;

export const paymentActivityPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: paymentActivitySchema }, nextPageKey: { type: 'string' } },
} as const;

export const paymentActivitiesQuery = {
  type: 'object',
  required: ['merchantId'],
  properties: { merchantId: id, ...pageQuery },
} as const;

/** The payment-activities group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  PaymentRequestPage: paymentRequestPage,
  ExternalRefQuery: externalRefQuery,
  PaymentActivityPage: paymentActivityPage,
  PaymentActivitiesQuery: paymentActivitiesQuery,
} as const;
