import { crn, id, pageQuery, timestamp } from '../../schemas/common';

/** What an event's `data` may hold: a small JSON object (its serialized size is checked on create). */
export const MAX_EVENT_DATA_BYTES = 4096;

export const createEventBody = {
  type: 'object',
  required: ['type', 'idempotencyKey'],
  properties: {
    type: { type: 'string', pattern: '^[a-z0-9][a-z0-9.:_-]{0,63}$', maxLength: 64 },
    idempotencyKey: { type: 'string', minLength: 1, maxLength: 128 },
    data: { type: 'object', maxProperties: 50 },
  },
} as const;

export const event = {
  type: 'object',
  required: ['id', 'accountId', 'type', 'data', 'idempotencyKey', 'createdAt', 'createdBy'],
  properties: {
    id,
    accountId: id,
    type: { type: 'string' },
    data: { type: 'object' },
    idempotencyKey: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

const eventPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: event }, nextPageKey: { type: 'string' } },
} as const;

export const eventsQuery = { type: 'object', properties: { ...pageQuery } } as const;

/** The events group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Event: event,
  EventPage: eventPage,
  CreateEventBody: createEventBody,
  EventsQuery: eventsQuery,
} as const;
