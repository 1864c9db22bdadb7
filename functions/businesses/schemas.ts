import { crn, id, idOf, location, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

const ONBOARDING_STATUSES = ['applied', 'provisioning', 'active', 'deactivated', 'on-hold'] as const;

/** The national business number: 13 digits. */
const nzbn = idOf('nzbn');

const taxNumber = {
  type: 'object',
  required: ['value', 'type'],
  properties: {
    value: { type: 'string', pattern: '^[0-9]{2,3}-?[0-9]{3}-?[0-9]{3}$', maxLength: 11 },
    type: { enum: ['nz-gst'] },
  },
} as const;

export const createBusinessBody = {
  type: 'object',
  required: ['nzbn'],
  properties: { nzbn, accountId: idOf('id'), test: { type: 'boolean' }, taxNumber, location },
} as const;

export const updateBusinessBody = {
  type: 'object',
  properties: { tradingName: text(128), taxNumber, cooperativeBusinessNumber: text(32), location },
} as const;

export const business = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'accountName',
    'name',
    'onboardingStatus',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
  ],
  properties: {
    id,
    accountId: id,
    accountName: { type: 'string' },
    nzbn: { type: 'string' },
    name: { type: 'string' },
    tradingName: { type: 'string' },
    companyNumber: { type: 'string' },
    taxNumber,
    location,
    cooperativeBusinessNumber: { type: 'string' },
    onboardingStatus: { enum: ONBOARDING_STATUSES },
    onboardingStatusReason: { type: 'string' },
    createdAt: timestamp,
    updatedAt: timestamp,
    createdBy: crn,
    updatedBy: crn,
  },
} as const;

export const setBusinessOnboardingStatusBody = {
  type: 'object',
  required: ['onboardingStatus'],
  properties: { onboardingStatus: { enum: ONBOARDING_STATUSES }, onboardingStatusReason: text(64) },
} as const;

export const businessActivity = {
  type: 'object',
  required: ['type', 'onboardingStatus', 'businessId', 'createdAt', 'createdBy', 'activityNumber'],
  properties: {
    type: { const: 'set-onboarding-status' },
    onboardingStatus: { enum: ONBOARDING_STATUSES },
    onboardingStatusReason: { type: 'string' },
    businessId: id,
    createdAt: timestamp,
    createdBy: crn,
    activityNumber: { type: 'integer' },
  },
} as const;

export const registerSearchQuery = {
  type: 'object',
  required: ['q'],
  properties: { q: { type: 'string', minLength: 1, maxLength: 100 }, ...pageQuery },
} as const;

const registerSearchItem = {
  type: 'object',
  required: ['nzbn', 'companyName', 'companyNumber'],
  properties: { nzbn: { type: 'string' }, companyName: { type: 'string' }, companyNumber: { type: 'string' } },
} as const;

const registerSearchResults = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: registerSearchItem }, nextPageKey: { type: 'string' } },
} as const;

const registerDetails = {
  type: 'object',
  required: ['nzbn', 'companyName', 'companyNumber', 'directors'],
  properties: {
    nzbn: { type: 'string' },
    companyName: { type: 'string' },
    tradingName: { type: 'string' },
    companyNumber: { type: 'string' },
    directors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['firstName', 'lastName', 'addressLines'],
        properties: {
          firstName: { type: 'string' },
          lastName: { type: 'string' },
          addressLines: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

/** The businesses group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Business: business,
  CreateBusinessBody: createBusinessBody,
  UpdateBusinessBody: updateBusinessBody,
  SetBusinessOnboardingStatusBody: setBusinessOnboardingStatusBody,
  BusinessActivity: businessActivity,
  RegisterSearchQuery: registerSearchQuery,
  RegisterSearchResults: registerSearchResults,
  RegisterDetails: registerDetails,
} as const;
