import { amount, crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

const APPROVAL_TYPES = ['settlement', 'account-information-consent', 'enduring-payment-consent'] as const;
const CONSENT_TYPES = ['account-information-consent', 'enduring-payment-consent'] as const;
const CONSENT_PERIODS = ['daily', 'weekly', 'fortnightly', 'monthly', 'yearly'] as const;

/** Only a settlement approval is requested through the API; consents come from authorized connection intents. */
export const createApprovalBody = {
  type: 'object',
  required: ['bankAccountId', 'type', 'mediaUploadId'],
  properties: {
    bankAccountId: idOf('id'),
    type: { enum: ['settlement'] },
    mediaUploadId: idOf('id'),
  },
} as const;

export const acceptApprovalBody = {
  type: 'object',
  properties: { reason: text(500) },
} as const;

const declineApprovalBody = {
  type: 'object',
  required: ['reason'],
  properties: { reason: text(500) },
} as const;

export const approvalsQuery = { type: 'object', properties: { ...pageQuery } } as const;

const approvalActivity = {
  type: 'object',
  required: ['activityNumber', 'approvalId', 'activityType', 'createdAt', 'createdBy'],
  properties: {
    activityNumber: { type: 'integer', minimum: 1 },
    approvalId: id,
    activityType: { enum: ['requested', 'approved', 'declined', 'consented'] },
    reason: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

export const approval = {
  type: 'object',
  required: [
    'id',
    'bankAccountId',
    'accountId',
    'type',
    'status',
    'createdAt',
    'createdBy',
    'modifiedAt',
    'modifiedBy',
    'approvalActivities',
  ],
  properties: {
    id,
    bankAccountId: id,
    accountId: id,
    type: { enum: APPROVAL_TYPES },
    status: { enum: ['created', 'pending', 'approved', 'declined', 'done'] },
    createdAt: timestamp,
    createdBy: crn,
    modifiedAt: timestamp,
    modifiedBy: crn,
    approvalActivities: { type: 'array', items: approvalActivity },
    mediaUploadId: id,
    refreshToken: { type: 'string' },
    consentId: { type: 'string' },
  },
} as const;

const approvalPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: approval }, nextPageKey: { type: 'string' } },
} as const;

const emptyResult = { type: 'object', additionalProperties: false, properties: {} } as const;

export const createIntentBody = {
  type: 'object',
  required: ['accountId', 'type'],
  properties: {
    accountId: idOf('id'),
    type: { enum: CONSENT_TYPES },
    bankAccountId: idOf('id'),
    test: { type: 'boolean' },
    name: text(128),
    period: { enum: CONSENT_PERIODS },
    totalAmount: amount,
  },
} as const;

export const authorizeIntentBody = {
  type: 'object',
  required: ['code'],
  properties: { code: text(256) },
} as const;

/** docs/api/conventions.md: a connection intent's create response stamps times as `<date> <time> UTC`. */
const utcStamp = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC$',
  maxLength: 23,
} as const;

export const connectionIntent = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'type',
    'status',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
    'authorizationUrl',
  ],
  properties: {
    id,
    accountId: id,
    type: { enum: CONSENT_TYPES },
    status: { enum: ['created', 'authorized', 'failed'] },
    createdAt: utcStamp,
    createdBy: crn,
    updatedAt: utcStamp,
    updatedBy: crn,
    authorizationUrl: { type: 'string' },
    test: { type: 'boolean' },
    name: { type: 'string' },
    bankAccountId: id,
    period: { enum: CONSENT_PERIODS },
    totalAmount: { type: 'string' },
  },
} as const;

/** The consent page's actions carry the token the page put on them. */
const consentActionQuery = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 256 } },
} as const;

/** Where the simulated bank sends the user back: a one-time `code`, or `error` when consent was refused. */
const consentReturnQuery = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 256 }, error: { type: 'string', maxLength: 64 } },
} as const;

/** The bank-account-approvals group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  CreateBankAccountApprovalBody: createApprovalBody,
  AcceptBankAccountApprovalBody: acceptApprovalBody,
  DeclineBankAccountApprovalBody: declineApprovalBody,
  BankAccountApprovalsQuery: approvalsQuery,
  BankAccountApproval: approval,
  BankAccountApprovalPage: approvalPage,
  BankAccountApprovalReviewed: emptyResult,
  CreateConnectionIntentBody: createIntentBody,
  AuthorizeConnectionIntentBody: authorizeIntentBody,
  BankAccountConnectionIntent: connectionIntent,
  ConnectionIntentAuthorized: emptyResult,
  ConsentActionQuery: consentActionQuery,
  ConsentReturnQuery: consentReturnQuery,
} as const;
