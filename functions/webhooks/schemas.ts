import { NOTIFICATION_TYPES } from '../core/webhooks/notification-types';
import { crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';

export const webhook = {
  type: 'object',
  required: ['id', 'accountId', 'url', 'types', 'createdAt', 'createdBy'],
  additionalProperties: false,
  properties: {
    id,
    accountId: id,
    url: { type: 'string' },
    types: { type: 'array', items: { enum: NOTIFICATION_TYPES } },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

const webhookList = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: webhook } },
} as const;

export const createWebhookBody = {
  type: 'object',
  required: ['url', 'types'],
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2048 },
    types: {
      type: 'array',
      minItems: 1,
      maxItems: NOTIFICATION_TYPES.length,
      uniqueItems: true,
      items: { enum: NOTIFICATION_TYPES },
    },
  },
} as const;

const deliveryAttempt = {
  type: 'object',
  required: ['attemptNumber', 'at', 'durationMs'],
  additionalProperties: false,
  properties: {
    attemptNumber: { type: 'integer', minimum: 1 },
    at: timestamp,
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    durationMs: { type: 'integer', minimum: 0 },
  },
} as const;

export const webhookDelivery = {
  type: 'object',
  required: ['id', 'accountId', 'eventId', 'kind', 'url', 'status', 'attempts', 'createdAt'],
  additionalProperties: false,
  properties: {
    id,
    accountId: id,
    eventId: id,
    kind: { enum: ['notification', 'legacy', 'sales-channel'] },
    type: { enum: NOTIFICATION_TYPES },
    transactionType: { enum: ['CANCELLED', 'EXPIRED', 'PURCHASE', 'REFUND'] },
    webhookId: id,
    url: { type: 'string' },
    status: { enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'array', items: deliveryAttempt },
    /** Made by `POST …/webhook-events/{eventId}/redeliver`, not by the event's fan-out. */
    redelivery: { type: 'boolean' },
    createdAt: timestamp,
    deliveredAt: timestamp,
    nextAttemptAt: timestamp,
  },
} as const;

const webhookDeliveryPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: webhookDelivery }, nextPageKey: { type: 'string' } },
} as const;

export const listWebhookDeliveriesQuery = {
  type: 'object',
  properties: { ...pageQuery },
} as const;

/** A notification event of an account's event log, with every delivery made of it (newest first). */
export const webhookEvent = {
  type: 'object',
  required: ['id', 'type', 'accountId', 'test', 'createdAt', 'data', 'deliveries'],
  additionalProperties: false,
  properties: {
    id,
    type: { enum: NOTIFICATION_TYPES },
    accountId: id,
    test: { type: 'boolean' },
    createdAt: timestamp,
    /** When it was fanned out to the endpoints subscribed then. */
    dispatchedAt: timestamp,
    paymentRequestId: id,
    /** A test event: sample data, no state change behind it. */
    sample: { type: 'boolean' },
    /** What receivers get as `data` (the Payment Activity). */
    data: { type: 'object' },
    deliveries: { type: 'array', items: webhookDelivery },
  },
} as const;

const webhookEventPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: webhookEvent }, nextPageKey: { type: 'string' } },
} as const;

export const listWebhookEventsQuery = {
  type: 'object',
  properties: { ...pageQuery },
} as const;

export const redeliverWebhookEventBody = {
  type: 'object',
  properties: {
    /** One endpoint of the account; without it, every endpoint now subscribed to the event's type. */
    webhookId: idOf('webhook'),
  },
} as const;

export const createTestWebhookEventBody = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: NOTIFICATION_TYPES } },
} as const;

/** The webhooks group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Webhook: webhook,
  WebhookList: webhookList,
  CreateWebhookBody: createWebhookBody,
  WebhookDelivery: webhookDelivery,
  WebhookDeliveryPage: webhookDeliveryPage,
  ListWebhookDeliveriesQuery: listWebhookDeliveriesQuery,
  WebhookEvent: webhookEvent,
  WebhookEventPage: webhookEventPage,
  ListWebhookEventsQuery: listWebhookEventsQuery,
  RedeliverWebhookEventBody: redeliverWebhookEventBody,
  CreateTestWebhookEventBody: createTestWebhookEventBody,
} as const;
