import { crn, id, idOf, timestamp } from '../../schemas/common';
import { API_KEY_ROLES, MEMBER_ROLES } from '../core/auth/permissions';

const ACCOUNT_TYPES = ['org', 'individual'] as const;
const REGIONS = ['NZ', 'AU', 'US'] as const;
export const SUBSCRIPTIONS = ['external-asset-issuer', 'collection-manager', 'quartz'] as const;

export const account = {
  type: 'object',
  required: ['id', 'name', 'type', 'subscriptions', 'version', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  additionalProperties: false,
  properties: {
    id,
    name: { type: 'string' },
    type: { enum: ACCOUNT_TYPES },
    region: { enum: REGIONS },
    test: { type: 'boolean' },
    parentAccountId: id,
    subscriptions: { type: 'array', items: { type: 'string' } },
    rateLimitPerMinute: { type: 'integer', minimum: 1 },
    /** A test account's test clock: how far (seconds) it runs ahead of the platform's. */
    testClockOffsetSeconds: { type: 'integer', minimum: 0 },
    version: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    modifiedAt: timestamp,
    modifiedBy: crn,
  },
} as const;

export const createAccountBody = {
  type: 'object',
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 128 },
    type: { enum: ACCOUNT_TYPES },
    owner: idOf('userId'),
    test: { type: 'boolean' },
    region: { enum: REGIONS },
  },
} as const;

export const updateAccountBody = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

export const setSubscriptionsBody = {
  type: 'object',
  required: ['subscriptions'],
  properties: {
    subscriptions: {
      type: 'array',
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
} as const;

const subscriptions = {
  type: 'object',
  required: ['subscriptions'],
  properties: { subscriptions: { type: 'array', items: { type: 'string' } } },
} as const;

export const setRateLimitBody = {
  type: 'object',
  required: ['rateLimitPerMinute'],
  properties: { rateLimitPerMinute: { type: 'integer', minimum: 1, maximum: 1000000 } },
} as const;

/** Ten years: far enough for any time rule (the longest is 90 days), small enough to stay a safe integer in ms. */
const MAX_TEST_CLOCK_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

export const advanceTestClockBody = {
  type: 'object',
  required: ['advanceSeconds'],
  properties: { advanceSeconds: { type: 'integer', minimum: 1, maximum: MAX_TEST_CLOCK_ADVANCE_SECONDS } },
} as const;

export const testClock = {
  type: 'object',
  required: ['accountId', 'offsetSeconds', 'now'],
  additionalProperties: false,
  properties: {
    accountId: id,
    /** Seconds this account's clock runs ahead of the platform's. */
    offsetSeconds: { type: 'integer', minimum: 0 },
    /** The local platform's own offset (only when running locally with LOCAL_TEST_CLOCK=1). */
    platformOffsetSeconds: { type: 'integer', minimum: 0 },
    /** The time on the account's clock: what its time rules and timers go by. */
    now: timestamp,
    /**
     * Timers and webhook retries that fell due with this advance and
     * were sent at once (POST; absent when they could not be sent now).
     */
    ranDue: { type: 'integer', minimum: 0 },
  },
} as const;

const apiKeyName = idOf('apiKeyName');

export const apiKey = {
  type: 'object',
  required: ['name', 'accountId', 'role', 'enabled', 'version', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    accountId: id,
    role: { type: 'string' },
    enabled: { type: 'boolean' },
    version: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    modifiedAt: timestamp,
    modifiedBy: crn,
  },
} as const;

const createdApiKey = {
  ...apiKey,
  required: [...apiKey.required, 'secret'],
  properties: { ...apiKey.properties, secret: { type: 'string' } },
} as const;

const apiKeyList = { type: 'array', items: apiKey } as const;

export const createApiKeyBody = {
  type: 'object',
  required: ['name', 'role'],
  properties: { name: apiKeyName, role: { enum: API_KEY_ROLES } },
} as const;

export const updateApiKeyBody = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
} as const;

/** The accounts group's schemas by id; functions/schemas.ts assembles every group's. */
/** A user id: the `sub` of their access tokens (a UUID here; other issuers' ids are taken as they come). */
const userId = idOf('userId');

export const addMemberBody = {
  type: 'object',
  required: ['userId', 'role'],
  properties: { userId, role: { enum: MEMBER_ROLES } },
} as const;

const accountMember = {
  type: 'object',
  required: ['accountId', 'accountType', 'userId', 'role', 'createdBy', 'createdAt', 'modifiedAt', 'modifiedBy'],
  additionalProperties: false,
  properties: {
    accountId: id,
    accountType: { enum: ACCOUNT_TYPES },
    userId,
    role: { enum: MEMBER_ROLES },
    createdBy: crn,
    createdAt: timestamp,
    modifiedAt: timestamp,
    modifiedBy: crn,
  },
} as const;

const accountMemberList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['accountName', 'accountType', 'accountId', 'userId', 'createdAt', 'role'],
    additionalProperties: false,
    properties: {
      accountName: { type: 'string' },
      accountType: { enum: ACCOUNT_TYPES },
      accountId: id,
      userId,
      createdAt: timestamp,
      role: { enum: MEMBER_ROLES },
      firstName: { type: 'string' },
      lastName: { type: 'string' },
      email: { type: 'string' },
    },
  },
} as const;

const membershipSummaryList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['accountName', 'accountId', 'accountType', 'role'],
    additionalProperties: false,
    properties: {
      accountName: { type: 'string' },
      accountId: id,
      accountType: { enum: ACCOUNT_TYPES },
      role: { type: 'string' },
    },
  },
} as const;

const emptyResult = { type: 'object', additionalProperties: false, properties: {} } as const;

const personName = { type: 'string', minLength: 1, maxLength: 100 } as const;
const profileFields = {
  givenName: personName,
  familyName: personName,
  featureUpdates: { type: 'boolean' },
  marketingUpdates: { type: 'boolean' },
  email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
} as const;

/** A user's profile as others who may read it see it: names, email and preferences. */
export const profile = {
  type: 'object',
  required: ['featureUpdates', 'marketingUpdates', 'email'],
  additionalProperties: false,
  properties: profileFields,
} as const;

/** The signed-in user's own profile: their id and the verification states too. */
export const ownProfile = {
  type: 'object',
  required: ['userId', 'featureUpdates', 'marketingUpdates', 'email', 'emailVerified', 'phoneVerified'],
  additionalProperties: false,
  properties: {
    userId,
    ...profileFields,
    emailVerified: { type: 'boolean' },
    phoneNumber: { type: 'string' },
    phoneVerified: { type: 'boolean' },
  },
} as const;

/** At least one field (the operation names them when none is given). */
export const updateProfileBody = { type: 'object', properties: profileFields } as const;

export const SCHEMAS = {
  Account: account,
  CreateAccountBody: createAccountBody,
  UpdateAccountBody: updateAccountBody,
  SetSubscriptionsBody: setSubscriptionsBody,
  Subscriptions: subscriptions,
  SetRateLimitBody: setRateLimitBody,
  AdvanceTestClockBody: advanceTestClockBody,
  TestClock: testClock,
  ApiKey: apiKey,
  CreatedApiKey: createdApiKey,
  ApiKeyList: apiKeyList,
  CreateApiKeyBody: createApiKeyBody,
  UpdateApiKeyBody: updateApiKeyBody,
  AddMemberBody: addMemberBody,
  AccountMember: accountMember,
  AccountMemberList: accountMemberList,
  MembershipSummaryList: membershipSummaryList,
  MemberRemoved: emptyResult,
  Profile: profile,
  OwnProfile: ownProfile,
  UpdateProfileBody: updateProfileBody,
} as const;
