import { crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';

export const paymentLink = {
  type: 'object',
  required: ['id', 'status', 'name', 'merchantId', 'test', 'createdBy', 'createdAt', 'updatedBy', 'updatedAt'],
  properties: {
    id,
    status: { enum: ['created', 'archived'] },
    name: { type: 'string' },
    merchantId: id,
    /** The payment request last made through the link: the one a payer opening it pays. */
    paymentRequestId: id,
    /** The page a payer opens (render-payment-link-page.ts). */
    url: { type: 'string' },
    test: { type: 'boolean' },
    createdBy: crn,
    createdAt: timestamp,
    updatedBy: crn,
    updatedAt: timestamp,
  },
} as const;

/** What anyone opening the link sees (no authentication): the payment request to pay. */
export const paymentLinkSummary = {
  type: 'object',
  required: ['id', 'merchantId'],
  properties: { id, merchantId: id, paymentRequestId: id },
} as const;

export const createPaymentLinkBody = {
  type: 'object',
  required: ['merchantId', 'name'],
  properties: { merchantId: idOf('id'), name: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

const paymentLinkPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: paymentLink }, nextPageKey: { type: 'string' } },
} as const;

export const paymentLinksQuery = { type: 'object', properties: { ...pageQuery } } as const;

/** The payment-links group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  PaymentLink: paymentLink,
  PaymentLinkSummary: paymentLinkSummary,
  CreatePaymentLinkBody: createPaymentLinkBody,
  PaymentLinkPage: paymentLinkPage,
  PaymentLinksQuery: paymentLinksQuery,
} as const;
