import { crn, id, idOf, imageFields, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** Banks a `bank-account-ownership` condition may name (join-conditions.ts knows their account numbers). */
export const BANKS = ['anz', 'asb', 'bnz', 'hsbc', 'kiwibank', 'tsb', 'westpac'] as const;

/** Who may join: holders of an asset type, or of an account at a bank. */
const joinCondition = {
  type: 'object',
  required: ['type', 'params'],
  properties: {
    type: { enum: ['asset-ownership', 'bank-account-ownership'] },
    params: { type: 'object', properties: { assetType: text(64), bank: { enum: BANKS } } },
  },
} as const;

const VISIBILITIES = ['public', 'unlisted'] as const;

export const loyaltyProgram = {
  type: 'object',
  required: [
    'id',
    'name',
    'accountId',
    'createdAt',
    'createdBy',
    'test',
    'status',
    'memberCount',
    'visibility',
    'joinConditions',
  ],
  properties: {
    id,
    name: { type: 'string' },
    description: { type: 'string' },
    ...imageFields,
    accountId: id,
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
    test: { type: 'boolean' },
    status: { enum: ['draft', 'active'] },
    /** A count, carried as a string. */
    memberCount: { type: 'string', pattern: '^(0|[1-9][0-9]*)$', maxLength: 20 },
    visibility: { enum: VISIBILITIES },
    joinConditions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          params: { type: 'object', properties: { assetType: { type: 'string' }, bank: { type: 'string' } } },
        },
      },
    },
  },
} as const;

export const createLoyaltyProgramBody = {
  type: 'object',
  required: ['name', 'accountId'],
  properties: {
    name: text(128),
    accountId: idOf('id'),
    description: text(1000),
    mediaUploadId: idOf('id'),
    joinConditions: { type: 'array', maxItems: 10, items: joinCondition },
  },
} as const;

const loyaltyProgramPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: loyaltyProgram }, nextPageKey: { type: 'string' } },
} as const;

/** An account's membership of a program, served with the program's name, description and logo. */
export const loyaltyProgramMembership = {
  type: 'object',
  required: ['id', 'accountId', 'programId', 'name', 'status', 'createdAt', 'createdBy', 'test'],
  properties: {
    id,
    accountId: id,
    programId: id,
    name: { type: 'string' },
    description: { type: 'string' },
    status: { enum: ['active'] },
    ...imageFields,
    createdAt: timestamp,
    createdBy: crn,
    test: { type: 'boolean' },
  },
} as const;

export const createMembershipBody = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: idOf('id') },
} as const;

const membershipPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: loyaltyProgramMembership }, nextPageKey: { type: 'string' } },
} as const;

export const loyaltyProgramsQuery = { type: 'object', properties: { ...pageQuery } } as const;

export const visibilityBody = {
  type: 'object',
  required: ['visibility'],
  properties: { visibility: { enum: VISIBILITIES } },
} as const;

/** The loyalty-programs group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  LoyaltyProgram: loyaltyProgram,
  CreateLoyaltyProgramBody: createLoyaltyProgramBody,
  LoyaltyProgramPage: loyaltyProgramPage,
  LoyaltyProgramsQuery: loyaltyProgramsQuery,
  LoyaltyProgramVisibilityBody: visibilityBody,
  LoyaltyProgramMembership: loyaltyProgramMembership,
  CreateLoyaltyProgramMembershipBody: createMembershipBody,
  LoyaltyProgramMembershipPage: membershipPage,
} as const;
