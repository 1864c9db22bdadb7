import { amount, crn, id, idOf, imageFields, pageQuery, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

/** A count or a sum of minor units, sent as a string or a number (the docs show both). */
const targetAmount = {
  type: ['string', 'integer'],
  pattern: '^[1-9][0-9]{0,11}$',
  maxLength: 12,
  minimum: 1,
  maximum: 999_999_999_999,
} as const;

/**
 * How a member completes a challenge: `count` payments, the `sum` of a payment field (`amount`), or `shared`: the
 * members' payments counted together toward one target.
 */
const target = {
  type: 'object',
  required: ['type', 'amount'],
  properties: { type: { enum: ['count', 'sum', 'shared'] }, field: { enum: ['amount'] }, amount: targetAmount },
} as const;

/**
 * A reward: money paid to the member's wallet of the asset type from the program owner's wallet of that type (`amount`
 * required), or one token of the owner's product collection (`collectionId`, the token asset type).
 */
const rewardLeaf = {
  type: 'object',
  required: ['assetType'],
  properties: { assetType: text(64), amount, collectionId: idOf('tokenCollection') },
} as const;

/** Every reward of a challenge is issued: an `and` group of rewards (nested groups flattened). */
const rewardGroup = {
  type: 'object',
  required: ['and'],
  properties: {
    and: {
      type: 'array',
      minItems: 1,
      maxItems: 5,
      items: {
        anyOf: [
          rewardLeaf,
          {
            type: 'object',
            required: ['and'],
            properties: { and: { type: 'array', minItems: 1, maxItems: 5, items: rewardLeaf } },
          },
        ],
      },
    },
  },
} as const;

/**
 * A condition on the payment: a field of it (`amount`, `currency`, `merchantId`, `merchantAccountId`), or a type; the
 * type `participation-limit` bounds instead how many times a member may complete the promotion.
 */
const condition = {
  type: 'object',
  required: ['operator', 'value'],
  properties: {
    field: { enum: ['amount', 'currency', 'merchantId', 'merchantAccountId'] },
    type: { enum: ['merchantId', 'merchantAccountId', 'participation-limit'] },
    operator: { enum: ['equals', 'not', 'in', 'greater-than', 'less-than'] },
    value: {
      anyOf: [text(128), { type: 'array', minItems: 1, maxItems: 50, items: text(128) }],
    },
  },
} as const;

export const createPromotionBody = {
  type: 'object',
  required: ['name', 'eventType', 'params', 'type'],
  properties: {
    name: text(128),
    summary: text(256),
    description: text(1000),
    mediaUploadId: idOf('id'),
    startsAt: timestamp,
    endsAt: timestamp,
    eventType: { enum: ['payment'] },
    type: { enum: ['challenge'] },
    params: {
      type: 'object',
      required: ['target', 'rewards'],
      properties: { target, rewards: rewardGroup },
    },
    conditions: { type: 'array', maxItems: 10, items: condition },
    repeatable: { type: 'boolean' },
  },
} as const;

const servedTarget = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    field: { type: 'string' },
    amount: { type: 'string' },
    /** A shared target's pooled progress. */
    progress: { type: 'number' },
  },
} as const;
const servedReward = {
  type: 'object',
  properties: {
    assetType: { type: 'string' },
    amount: { type: 'string' },
    collectionId: { type: 'string' },
    name: { type: 'string' },
    img: { type: 'string' },
  },
} as const;
const servedCondition = {
  type: 'object',
  properties: {
    field: { type: 'string' },
    type: { type: 'string' },
    operator: { type: 'string' },
    value: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  },
} as const;

const promotionFields = {
  id,
  accountId: id,
  programId: id,
  name: { type: 'string' },
  summary: { type: 'string' },
  description: { type: 'string' },
  ...imageFields,
  startsAt: timestamp,
  endsAt: timestamp,
  /** Deprecated by the docs (`params.rewards`), kept on responses. */
  rewards: { type: 'array', items: servedReward },
  eventType: { type: 'string' },
  /** Deprecated by the docs (`params.target`), kept on responses. */
  target: servedTarget,
  type: { type: 'string' },
  conditions: { type: 'array', items: servedCondition },
  createdAt: timestamp,
  createdBy: crn,
} as const;

export const promotion = {
  type: 'object',
  required: ['id', 'accountId', 'programId', 'name', 'rewards', 'eventType', 'target', 'params', 'type', 'conditions'],
  properties: {
    ...promotionFields,
    params: {
      type: 'object',
      properties: {
        target: servedTarget,
        rewards: { type: 'object', properties: { and: { type: 'array', items: servedReward } } },
      },
    },
    updatedAt: timestamp,
    updatedBy: crn,
    repeatable: { type: 'boolean' },
  },
} as const;

const page = <T extends object>(items: T) =>
  ({
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items }, nextPageKey: { type: 'string' } },
  }) as const;

export const promotionActivity = {
  type: 'object',
  required: ['id', 'activityType', 'promotionId', 'programId', 'createdAt'],
  properties: {
    id,
    activityType: {
      enum: [
        'promotion:created',
        'promotion:progress-incremented',
        'promotion:shared-progress-incremented',
        'promotion:completed',
      ],
    },
    promotionId: id,
    programId: id,
    accountId: id,
    targetProgress: { type: 'string' },
    status: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

/** A member's progress toward a promotion: the promotion's fields, the member's progress and status. */
export const promotionMembership = {
  type: 'object',
  required: ['id', 'accountId', 'programId', 'promotionId', 'name', 'progress', 'status', 'test'],
  properties: {
    ...promotionFields,
    promotionId: id,
    params: {
      type: 'object',
      properties: {
        target: servedTarget,
        rewards: { type: 'object', properties: { and: { type: 'array', items: servedReward } } },
        progress: { type: 'object', properties: { current: { type: 'number' } } },
      },
    },
    /** Deprecated by the docs (`params.progress.current`), kept on responses. */
    progress: { type: 'number' },
    status: { enum: ['active', 'expired', 'complete'] },
    completions: { type: 'integer' },
    modifiedAt: timestamp,
    modifiedBy: crn,
    test: { type: 'boolean' },
  },
} as const;

export const promotionsQuery = { type: 'object', properties: { ...pageQuery } } as const;
export const promotionMembershipsQuery = {
  type: 'object',
  properties: { ...pageQuery, loyaltyProgramId: idOf('id') },
} as const;

/** The promotions group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Promotion: promotion,
  CreatePromotionBody: createPromotionBody,
  PromotionPage: page(promotion),
  PromotionsQuery: promotionsQuery,
  PromotionActivityPage: page(promotionActivity),
  PromotionMembershipPage: page(promotionMembership),
  PromotionMembershipsQuery: promotionMembershipsQuery,
} as const;
