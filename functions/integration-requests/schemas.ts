import { crn, id, idOf, pageQuery, reference, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/**
 * The integration types: an asset provider (`epay`, whose terminal id the operator configures),
 * terminal vendors (a terminal named on create, except `vista`) and an e-commerce provider
 * (`shopify`, named by `externalId`). `epay` first: a request of it needs nothing beyond the
 * required fields to be created.
 */
export const INTEGRATION_TYPES = [
  'epay',
  'invenco',
  'skyzer',
  'smartpay',
  'verifone',
  'vista',
  'windcave',
  'shopify',
] as const;

const terminal = {
  type: 'object',
  required: ['terminalId'],
  properties: { terminalId: text(64), deviceId: text(64) },
} as const;
const product = { type: 'object', required: ['name'], properties: { name: text(64) } } as const;

/** The create answer's timestamps: the `<date> <time> UTC` form (docs/api/conventions.md). */
const createTimestamp = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC$',
  maxLength: 23,
} as const;

const requestProperties = {
  id,
  accountId: id,
  merchantId: id,
  type: { enum: INTEGRATION_TYPES },
  status: { enum: ['pending', 'active'] },
  terminal: { type: 'object', properties: { terminalId: { type: 'string' }, deviceId: { type: 'string' } } },
  /** The terminal id the operator configured (`epay`). */
  terminalId: { type: 'string' },
  product: { type: 'object', properties: { name: { type: 'string' } } },
  externalId: { type: 'string' },
  /** When the provider was told of it (the notifications consumer, once the email went out). */
  notifiedAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  createdBy: crn,
  updatedBy: crn,
} as const;
const requestRequired = [
  'id',
  'accountId',
  'merchantId',
  'type',
  'status',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
] as const;

export const integrationRequest = { type: 'object', required: requestRequired, properties: requestProperties } as const;

const createdIntegrationRequest = {
  type: 'object',
  required: requestRequired,
  properties: { ...requestProperties, createdAt: createTimestamp, updatedAt: createTimestamp },
} as const;

export const createIntegrationRequestBody = {
  type: 'object',
  required: ['merchantId', 'type'],
  properties: {
    merchantId: idOf('id'),
    type: { enum: INTEGRATION_TYPES },
    terminal,
    product,
    externalId: reference,
  },
} as const;

const integrationRequestPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: integrationRequest }, nextPageKey: { type: 'string' } },
} as const;

export const integrationRequestsQuery = {
  type: 'object',
  properties: { accountId: idOf('id'), type: { enum: INTEGRATION_TYPES }, pending: { type: 'boolean' }, ...pageQuery },
} as const;

export const integrationConfigsBody = {
  type: 'object',
  required: ['terminalId'],
  properties: { terminalId: text(64) },
} as const;

const integrationConfigs = { type: 'object', properties: { terminalId: { type: 'string' } } } as const;

const emptyObject = { type: 'object', additionalProperties: false } as const;

/** The integration-requests group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  IntegrationRequest: integrationRequest,
  CreatedIntegrationRequest: createdIntegrationRequest,
  CreateIntegrationRequestBody: createIntegrationRequestBody,
  IntegrationRequestPage: integrationRequestPage,
  IntegrationRequestsQuery: integrationRequestsQuery,
  IntegrationConfigsBody: integrationConfigsBody,
  IntegrationConfigs: integrationConfigs,
  DeletedIntegrationRequest: emptyObject,
} as const;
