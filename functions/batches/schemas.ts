import { crn, id, idOf, timestamp } from '../../schemas/common';

const BATCH_TYPES = ['business-onboard'] as const;
const BATCH_STATUSES = ['created', 'copied', 'chunked', 'complete', 'error'] as const;

export const createBatchBody = {
  type: 'object',
  required: ['type', 'url', 'accountId'],
  properties: {
    type: { enum: BATCH_TYPES },
    url: { type: 'string', minLength: 1, maxLength: 2048 },
    accountId: idOf('id'),
    test: { type: 'boolean' },
  },
} as const;

export const batchError = {
  type: 'object',
  required: ['index', 'message'],
  properties: { index: { type: 'string' }, externalId: { type: 'string' }, message: { type: 'string' } },
} as const;

export const batch = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'status',
    'type',
    'url',
    'test',
    'count',
    'errorCount',
    'errors',
    'createdAt',
    'createdBy',
  ],
  properties: {
    id,
    accountId: id,
    status: { enum: BATCH_STATUSES },
    type: { enum: BATCH_TYPES },
    url: { type: 'string' },
    test: { type: 'boolean' },
    count: { type: 'string' },
    errorCount: { type: 'string' },
    errors: { type: 'array', items: batchError },
    error: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
  },
} as const;

/** The batches group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Batch: batch,
  CreateBatchBody: createBatchBody,
} as const;
