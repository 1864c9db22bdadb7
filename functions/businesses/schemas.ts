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

/**
 * Bounds of one onboarding request, so that all its writes fit one DynamoDB transaction (at most 100 items): 13
 * fixed (the request and its external id's claim, the account, the business with its two claims, the settlement
 * bank account's five, the program membership and its guard), then per merchant its record and, per sales channel
 * its devices name, a membership and its connect request and (once per merchant) its count, and per sales channel
 * named in all one digest count: 13 + 8 × (1 + 2 × 4 + 1) + 4 = 97.
 */
export const MAX_ONBOARDING_MERCHANTS = 8;
export const MAX_MERCHANT_DEVICES = 4;
export const MAX_ONBOARDING_CHANNELS = 4;

const sized = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength }) as const;
const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' } as const;
/** A bank account number in the bank's 2-4-7-2/3 form, dashes optional. */
const bankAccountNumber = {
  type: 'string',
  maxLength: 19,
  pattern: '^[0-9]{2}-?[0-9]{4}-?[0-9]{7}-?[0-9]{2,3}$',
} as const;
/** A postal address; its parts within the bounds a business's and a merchant's location keep. */
const address = {
  type: 'object',
  required: ['street', 'city', 'country'],
  properties: {
    street: location.properties.street,
    suburb: location.properties.suburb,
    city: location.properties.city,
    state: location.properties.state,
    postCode: { type: 'string', pattern: '^[0-9]{4,10}$', maxLength: 10 },
    country: location.properties.country,
  },
} as const;

/** A device of a sales channel the merchant takes payments through; `salesChannelId` names the channel. */
const device = {
  type: 'object',
  required: ['params'],
  properties: {
    params: {
      type: 'object',
      required: ['salesChannelId', 'vendor', 'deviceId'],
      properties: {
        salesChannelId: idOf('salesChannel'),
        vendor: sized(3, 100),
        reseller: sized(3, 100),
        deviceId: sized(1, 35),
        serialNumber: sized(1, 35),
        deviceModel: sized(3, 100),
      },
    },
  },
} as const;
const devices = { type: 'array', minItems: 1, maxItems: MAX_MERCHANT_DEVICES, items: device } as const;

const merchantProperties = {
  name: sized(2, 100),
  categoryCode: { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 },
  type: { enum: ['physical', 'e-commerce'] },
  contactName: sized(3, 100),
  contactEmail: email,
  contactPhone: { type: 'string', minLength: 3, maxLength: 20, pattern: '^\\+?[0-9 ()-]+$' },
  location: address,
} as const;
const onboardedMerchant = {
  type: 'object',
  required: ['name', 'categoryCode', 'type'],
  properties: merchantProperties,
} as const;

const onboardingFields = {
  nzbn,
  legalName: sized(3, 100),
  tradingName: sized(3, 100),
  location: address,
  contactEmail: email,
  contactName: sized(3, 100),
  /** The caller's own reference of the request: a repeat with the same body answers the request made first. */
  externalId: { ...idOf('externalId'), maxLength: 35 },
  taxNumber,
  /** The docs' one merchant, its devices in `salesChannels`. */
  merchant: onboardedMerchant,
  /** Ours: several merchants, each with its own devices; instead of `merchant`. */
  merchants: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_ONBOARDING_MERCHANTS,
    items: {
      type: 'object',
      required: ['name', 'categoryCode', 'type'],
      properties: { ...merchantProperties, salesChannels: devices },
    },
  },
  assetProgram: {
    type: 'object',
    required: ['assetProgramId', 'params'],
    properties: {
      assetProgramId: idOf('assetProgram'),
      params: {
        type: 'object',
        required: ['settlementAccountNumber', 'externalMerchantId'],
        properties: {
          settlementAccountNumber: bankAccountNumber,
          chargeAccountNumber: bankAccountNumber,
          externalMerchantId: sized(1, 35),
        },
      },
    },
  },
  salesChannels: devices,
  metadata: {
    type: 'object',
    maxProperties: 10,
    propertyNames: { minLength: 1, maxLength: 100 },
    additionalProperties: { type: 'string', maxLength: 500 },
  },
} as const;

export const onboardBusinessBody = {
  type: 'object',
  required: ['legalName', 'contactEmail', 'assetProgram'],
  properties: onboardingFields,
} as const;

export const onboardingRequest = {
  type: 'object',
  required: ['id', 'legalName', 'tradingName', 'contactEmail', 'contactName', 'assetProgram', 'status', 'created'],
  properties: {
    id,
    ...onboardingFields,
    /** As given, else the merchant's contact or the email's local part, which the request's bounds do not hold to. */
    contactName: { type: 'string', maxLength: 254 },
    /** Onboarding is done whole when the request is answered: nothing is left pending. */
    status: { enum: ['completed'] },
    /** What the request made, merchants (and their channel memberships) in the order the request named them. */
    created: {
      type: 'object',
      required: ['accountId', 'businessId', 'bankAccountId', 'assetProgramMembershipId', 'merchants'],
      properties: {
        accountId: id,
        businessId: id,
        bankAccountId: id,
        assetProgramMembershipId: id,
        merchants: {
          type: 'array',
          maxItems: MAX_ONBOARDING_MERCHANTS,
          items: {
            type: 'object',
            required: ['merchantId', 'salesChannelMembershipIds'],
            properties: {
              merchantId: id,
              salesChannelMembershipIds: { type: 'array', maxItems: MAX_MERCHANT_DEVICES, items: id },
            },
          },
        },
      },
    },
    createdAt: timestamp,
    createdBy: crn,
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
  OnboardBusinessBody: onboardBusinessBody,
  BusinessOnboardingRequest: onboardingRequest,
} as const;
