import { crn, id, idOf, timestamp } from '../../schemas/common';

const CONNECTION_STATUSES = ['created', 'authorized'] as const;

export const connection = {
  type: 'object',
  required: ['id', 'createdBy', 'createdByAccountName', 'createdAt', 'status', 'url', 'merchantId', 'test'],
  properties: {
    id,
    createdBy: crn,
    createdByAccountName: { type: 'string' },
    createdAt: timestamp,
    status: { enum: CONNECTION_STATUSES },
    url: { type: 'string' },
    merchantId: id,
    test: { type: 'boolean' },
    updatedBy: crn,
    updatedAt: timestamp,
    /** The wallet app that authorized the connection, and its name. */
    walletId: { type: 'string' },
    walletName: { type: 'string' },
  },
} as const;

/** What anyone holding a connection's link sees (no authentication): who asks to connect, for which merchant. */
export const connectionSummary = {
  type: 'object',
  required: ['id', 'status', 'url', 'merchantId', 'createdByAccountName', 'createdAt'],
  properties: {
    id,
    status: { enum: CONNECTION_STATUSES },
    url: { type: 'string' },
    merchantId: id,
    createdByAccountName: { type: 'string' },
    createdAt: timestamp,
  },
} as const;

export const createConnectionBody = {
  type: 'object',
  required: ['merchantId'],
  properties: { merchantId: idOf('id') },
} as const;

export const authorizeConnectionBody = {
  type: 'object',
  required: ['walletId'],
  properties: { walletId: idOf('walletApp') },
} as const;

/** The connections group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Connection: connection,
  ConnectionSummary: connectionSummary,
  CreateConnectionBody: createConnectionBody,
  AuthorizeConnectionBody: authorizeConnectionBody,
} as const;
