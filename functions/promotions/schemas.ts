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

/** How many winners of a draw a reward goes to (1 to 100), sent as a string or a number. */
const supply = {
  type: ['string', 'integer'],
  pattern: '^[1-9][0-9]?$|^100$',
  maxLength: 3,
  minimum: 1,
  maximum: 100,
} as const;

/**
 * A reward: money paid to the member's wallet of the asset type from the program owner's wallet of that type (`amount`
 * required), or one token of the owner's product collection (`collectionId`, the token asset type). A draw's reward
 * may name its `totalSupply`: how many winners receive it (1 when absent).
 */
const rewardLeaf = {
  type: 'object',
  required: ['assetType'],
  properties: { assetType: text(64), amount, collectionId: idOf('tokenCollection'), totalSupply: supply },
} as const;

/** Exactly one of `and` (every item issued) or `or` (one branch issued: draws only). */
const group = <T extends object>(items: T) => {
  const list = { type: 'array', minItems: 1, maxItems: 5, items } as const;
  return {
    type: 'object',
    // By `required`, not a property count: an unknown field beside the group is ignored, as everywhere.
    oneOf: [
      { required: ['and'], properties: { and: list } },
      { required: ['or'], properties: { or: list } },
    ],
    properties: { and: list, or: list },
  } as const;
};

/** A tree of rewards two levels deep: a group of rewards and groups of rewards. */
const rewardGroup = group({ anyOf: [rewardLeaf, group(rewardLeaf)] });

/** A draw's entries: a member enters with `minimum` entries, and earns at most `maximum` (1 to 100). */
const entryBound = { type: 'integer', minimum: 1, maximum: 100 } as const;
const drawProgress = { type: 'object', properties: { minimum: entryBound, maximum: entryBound } } as const;

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
    type: { enum: ['challenge', 'draw'] },
    /** A challenge's `target`; a draw's `progress` instead. */
    params: {
      type: 'object',
      required: ['rewards'],
      properties: { target, rewards: rewardGroup, progress: drawProgress },
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
    totalSupply: { type: 'string' },
  },
} as const;
/** A served reward tree: groups of rewards or of groups, as the owner sent it (the group is `and` or `or`). */
const servedGroup = <T extends object>(items: T) =>
  ({
    type: 'object',
    properties: { and: { type: 'array', items }, or: { type: 'array', items } },
  }) as const;
const servedRewards = servedGroup({ anyOf: [servedGroup(servedReward), servedReward] });
/** A draw's entry bounds; a membership adds its own entries (`current`). */
const servedProgress = {
  type: 'object',
  properties: { minimum: { type: 'number' }, maximum: { type: 'number' } },
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
  required: ['id', 'accountId', 'programId', 'name', 'rewards', 'eventType', 'params', 'type', 'conditions'],
  properties: {
    ...promotionFields,
    params: {
      type: 'object',
      properties: { target: servedTarget, rewards: servedRewards, progress: servedProgress },
    },
    /** A draw's: `active` until it is drawn, then `ended`. */
    status: { enum: ['active', 'ended'] },
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
        'promotion:ended',
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
        rewards: servedRewards,
        progress: {
          type: 'object',
          properties: { current: { type: 'number' }, minimum: { type: 'number' }, maximum: { type: 'number' } },
        },
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
