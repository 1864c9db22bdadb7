import { crn, id, idOf, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** `provider` first: a provider channel stands alone, a reseller names its provider's. */
const SALES_CHANNEL_TYPES = ['provider', 'reseller'] as const;
const FREQUENCIES = ['weekly', 'daily'] as const;

/** What onboarding a merchant to the channel requires of it (each `true` when that item is required). */
const requirements = {
  deviceId: { type: 'boolean' },
  deviceModel: { type: 'boolean' },
  deviceSerialNumber: { type: 'boolean' },
  externalId: { type: 'boolean' },
} as const;

/** Who made and last changed a record, and when: on channels and memberships alike. */
const AUDIT_FIELDS = ['createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;
const audit = { createdAt: timestamp, createdBy: crn, updatedAt: timestamp, updatedBy: crn } as const;

export const salesChannel = {
  type: 'object',
  required: [
    'id',
    'name',
    'type',
    'accountId',
    'test',
    'deviceId',
    'deviceModel',
    'deviceSerialNumber',
    'externalId',
    ...AUDIT_FIELDS,
  ],
  properties: {
    id,
    name: { type: 'string' },
    type: { enum: SALES_CHANNEL_TYPES },
    accountId: id,
    test: { type: 'boolean' },
    providerSalesChannelId: { type: 'string' },
    ...requirements,
    notificationEmail: { type: 'string' },
    notificationFrequency: { enum: FREQUENCIES },
    notificationUrl: { type: 'string' },
    ...audit,
  },
} as const;

export const createSalesChannelBody = {
  type: 'object',
  required: ['name', 'type', 'accountId'],
  properties: {
    name: text(128),
    type: { enum: SALES_CHANNEL_TYPES },
    accountId: idOf('id'),
    providerSalesChannelId: idOf('salesChannel'),
    ...requirements,
    notificationEmail: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' },
    notificationFrequency: { enum: FREQUENCIES },
    notificationUrl: { type: 'string', maxLength: 2048, pattern: '^https://[^\\s]+$' },
  },
} as const;

/** Only `created` is reached here: the platform provisions no terminals, so nothing moves a membership on. */
const MEMBERSHIP_STATUSES = ['created', 'provisioning', 'active', 'suspending', 'deactivated'] as const;

export const salesChannelMembership = {
  type: 'object',
  required: ['id', 'salesChannelId', 'merchantId', 'accountId', 'test', 'status', ...AUDIT_FIELDS],
  properties: {
    id,
    salesChannelId: id,
    merchantId: id,
    accountId: id,
    test: { type: 'boolean' },
    status: { enum: MEMBERSHIP_STATUSES },
    ...audit,
  },
} as const;

export const createSalesChannelMembershipBody = {
  type: 'object',
  required: ['salesChannelId', 'merchantId'],
  properties: { salesChannelId: idOf('salesChannel'), merchantId: idOf('id') },
} as const;

/** The sales-channels group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  SalesChannel: salesChannel,
  CreateSalesChannelBody: createSalesChannelBody,
  SalesChannelMembership: salesChannelMembership,
  CreateSalesChannelMembershipBody: createSalesChannelMembershipBody,
} as const;
