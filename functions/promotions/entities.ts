import type { FromSchema } from 'json-schema-to-ts';
import type { promotion, promotionActivity } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';
import type { BacklogEntry } from '../core/backlog';

/**
 * The promotions group's entities (core/db/entity.ts); nothing else builds these keys.
 *
 * - promotion: PK PROMOTION#<id>, SK PROMOTION
 *   GSI1 PROGRAMPROMOTIONS#<programId>, <createdAt>#<id>; GSI2 ACCOUNTPROMOTIONS#<accountId>, <createdAt>#<id>
 *   serves: get a promotion; a program's promotions (the payments consumer reads them whole); an account's
 * - progress: PK PROMOTION#<id>, SK MEMBER#<accountId>: one member's progress, advanced by its payments
 * - counted payment: PK PROMOTION#<id>, SK COUNTED#<accountId>#<paymentRequestId>: a payment counted once
 * - shared progress: PK PROMOTION#<id>, SK SHARED: the members' pooled progress toward a `shared` target
 * - shared reward: PK PROMOTION#<id>, SK REWARDED#<accountId>: a contributor rewarded for a shared completion
 * - activity: PK PROMOTION#<id>, SK ACTIVITY#<createdAt>#<id>: the promotion's activities, newest first
 * - draw result: PK PROMOTION#<id>, SK DRAW: a draw's winners, written once when it is drawn
 * - promotion count: PK LOYALTYPROGRAM#<programId>, SK PROMOTIONCOUNT (bounded, core/db/bounded-count.ts)
 * - pending draw: PK PROMOTIONDRAW#<id>, SK PROMOTIONDRAW
 *   GSI1 PROMOTIONDRAWS, <endsAt>#<id>: a draw not yet drawn, until its winners are rewarded
 * - uncounted payment: PK PROMOTIONUNCOUNTED#<paymentRequestId>, SK PROMOTIONUNCOUNTED
 *   GSI1 PROMOTIONUNCOUNTED, <recordedAt>#<paymentRequestId>: a paid request the consumer could not count, until swept
 */

/** A money reward as stored: the served fields and the owner's wallet that funds it. */
interface MoneyReward {
  assetType: string;
  amount: string;
  currency: string;
  fundingAssetId: string;
  /**
   * The funding wallet is a settlement wallet: true only on promotions stored before rewards were kept off settlement
   * wallets; their money rewards are no longer paid (rewards.ts). New promotions store false.
   */
  fundingSettlement: boolean;
  /** A draw's: how many winners receive it. */
  totalSupply?: number;
}

/** A token reward: one token of the owner's product collection, issued by the tokens group; its name and image. */
export interface TokenReward {
  assetType: string;
  amount: '1';
  collectionId: string;
  name: string;
  img?: string;
  totalSupply?: number;
}

export type StoredReward = MoneyReward | TokenReward;
export const isTokenReward = (reward: StoredReward): reward is TokenReward => 'collectionId' in reward;

export type Promotion = FromSchema<typeof promotion>;
/** A draw's reward tree: groups of indexes into the promotion's `rewards`, or of such groups. */
export type RewardNode = number | RewardTree;
export type RewardTree = { and: RewardNode[] } | { or: RewardNode[] };

type Served = 'rewards' | 'target' | 'params' | 'conditions';
export type StoredPromotion = { [K in keyof Promotion as K extends Served ? never : K]: Promotion[K] } & {
  /** A challenge's; a draw has none. */
  target?: { type: 'count' | 'sum' | 'shared'; field?: 'amount'; amount: string };
  /** Every reward, flattened: all of a challenge's are issued; a draw issues its winners' branches of `rewardTree`. */
  rewards: StoredReward[];
  /** A draw's: its rewards as sent, `or` groups included. */
  rewardTree?: RewardTree;
  /** A draw's entry bounds: a member takes part with `minimum` entries and earns at most `maximum`. */
  progress?: { minimum: number; maximum: number };
  conditions: { type?: string; field?: string; operator: string; value: string | string[] }[];
  repeatable: boolean;
  test: boolean;
};

const promotionKey = (id: string): TableKey => ({ PK: `PROMOTION#${id}`, SK: 'PROMOTION' });
export const programPromotionsPartition = (programId: string) => `PROGRAMPROMOTIONS#${programId}`;
export const accountPromotionsPartition = (accountId: string) => `ACCOUNTPROMOTIONS#${accountId}`;
export const promotionCountKey = (programId: string): TableKey => ({
  PK: `LOYALTYPROGRAM#${programId}`,
  SK: 'PROMOTIONCOUNT',
});

export const promotionEntity = defineEntity<StoredPromotion, [id: string]>({
  type: 'promotion',
  version: 1,
  key: promotionKey,
  keyOf: (p) => promotionKey(p.id),
  indexes: (p) => ({
    GSI1PK: programPromotionsPartition(p.programId),
    GSI1SK: `${p.createdAt}#${p.id}`,
    GSI2PK: accountPromotionsPartition(p.accountId),
    GSI2SK: `${p.createdAt}#${p.id}`,
  }),
  required: ['id', 'accountId', 'programId', 'name', 'eventType', 'type', 'rewards', 'conditions', 'test'],
});

/** A draw's winner: the entry drawn for it and the rewards (indexes into the promotion's `rewards`) it receives. */
export interface DrawWinner {
  accountId: string;
  entryId: string;
  rewards: number[];
}

/** A draw, drawn: written once with its `promotion:ended` activity; its winners are then each rewarded once. */
export interface DrawResult {
  promotionId: string;
  /** The members with at least the minimum of entries, and their entries. */
  entrants: number;
  entries: number;
  winners: DrawWinner[];
  drawnAt: string;
}

const drawResultKey = (promotionId: string): TableKey => ({ PK: `PROMOTION#${promotionId}`, SK: 'DRAW' });

export const drawResultEntity = defineEntity<DrawResult, [promotionId: string]>({
  type: 'promotion-draw-result',
  version: 1,
  key: drawResultKey,
  keyOf: (r) => drawResultKey(r.promotionId),
  required: ['promotionId', 'entrants', 'entries', 'winners', 'drawnAt'],
});

/** A draw waiting for its end: the draw run finds the due ones by their end time. */
export interface PendingDraw {
  promotionId: string;
  accountId: string;
  endsAt: string;
}

const pendingDrawKey = (promotionId: string): TableKey => ({
  PK: `PROMOTIONDRAW#${promotionId}`,
  SK: 'PROMOTIONDRAW',
});
/** The draw run's index partition (GSI1): the pending draws, earliest end first. */
export const PENDING_DRAWS_PARTITION = 'PROMOTIONDRAWS';

export const pendingDrawEntity = defineEntity<PendingDraw, [promotionId: string]>({
  type: 'promotion-pending-draw',
  version: 1,
  key: pendingDrawKey,
  keyOf: (d) => pendingDrawKey(d.promotionId),
  indexes: (d) => ({ GSI1PK: PENDING_DRAWS_PARTITION, GSI1SK: `${d.endsAt}#${d.promotionId}` }),
  required: ['promotionId', 'accountId', 'endsAt'],
});

/** One member's progress toward a promotion. */
export interface Progress {
  promotionId: string;
  accountId: string;
  /** Toward the current completion. */
  current: number;
  /** Completions so far: a promotion that is not repeatable completes once. */
  completions: number;
  /** Whether the last completion's rewards were paid (the owner's wallet may have run short). */
  rewardsIssued?: boolean;
  createdAt: string;
  modifiedAt: string;
  version: number;
}

/** An entity of one member's part in a promotion: PK PROMOTION#<promotionId>, SK <prefix>#<accountId>. */
function memberEntity<T extends { promotionId: string; accountId: string }>(
  type: string,
  prefix: string,
  required: (keyof T & string)[],
) {
  const key = (promotionId: string, accountId: string): TableKey => ({
    PK: `PROMOTION#${promotionId}`,
    SK: `${prefix}#${accountId}`,
  });
  return defineEntity<T, [promotionId: string, accountId: string]>({
    type,
    version: 1,
    key,
    keyOf: (r) => key(r.promotionId, r.accountId),
    required,
  });
}

export const progressEntity = memberEntity<Progress>('promotion-progress', 'MEMBER', [
  'promotionId',
  'accountId',
  'current',
  'completions',
  'createdAt',
  'modifiedAt',
  'version',
]);

/** A payment counted toward a member's progress: written with the progress, so a payment counts once. */
export interface CountedPayment {
  promotionId: string;
  accountId: string;
  paymentRequestId: string;
  countedAt: string;
}

const countedKey = (promotionId: string, accountId: string, paymentRequestId: string): TableKey => ({
  PK: `PROMOTION#${promotionId}`,
  SK: `COUNTED#${accountId}#${paymentRequestId}`,
});

export const countedPaymentEntity = defineEntity<
  CountedPayment,
  [promotionId: string, accountId: string, paymentRequestId: string]
>({
  type: 'promotion-counted-payment',
  version: 1,
  key: countedKey,
  keyOf: (c) => countedKey(c.promotionId, c.accountId, c.paymentRequestId),
  required: ['promotionId', 'accountId', 'paymentRequestId', 'countedAt'],
});

/** The pooled progress of a `shared` target: every member's counted payments move it; its rewards all issued. */
export type SharedProgress = Omit<Progress, 'accountId'>;

const sharedKey = (promotionId: string): TableKey => ({ PK: `PROMOTION#${promotionId}`, SK: 'SHARED' });

export const sharedProgressEntity = defineEntity<SharedProgress, [promotionId: string]>({
  type: 'promotion-shared-progress',
  version: 1,
  key: sharedKey,
  keyOf: (p) => sharedKey(p.promotionId),
  required: ['promotionId', 'current', 'completions', 'createdAt', 'modifiedAt', 'version'],
});

/** A contributor to a shared completion or a draw's winner, rewarded: written with its rewards, so once. */
export interface SharedReward {
  promotionId: string;
  accountId: string;
  issued: boolean;
  createdAt: string;
}

export const sharedRewardEntity = memberEntity<SharedReward>('promotion-shared-reward', 'REWARDED', [
  'promotionId',
  'accountId',
  'issued',
  'createdAt',
]);

export type PromotionActivity = FromSchema<typeof promotionActivity>;

const activityKey = (a: PromotionActivity): TableKey => ({
  PK: `PROMOTION#${a.promotionId}`,
  SK: `ACTIVITY#${a.createdAt}#${a.id}`,
});
export const activityPartition = (promotionId: string) => `PROMOTION#${promotionId}`;

export const activityEntity = defineEntity<PromotionActivity, [activity: PromotionActivity]>({
  type: 'promotion-activity',
  version: 1,
  key: activityKey,
  keyOf: activityKey,
  required: ['id', 'activityType', 'promotionId', 'programId', 'createdAt'],
});

/** A paid payment request the payments consumer could not count: the sweep counts it again (recount.ts). */
export interface UncountedPayment extends BacklogEntry {
  paymentRequestId: string;
  /** When it was paid: what its promotions' dates are judged by. */
  paidAt: string;
}

const uncountedKey = (paymentRequestId: string): TableKey => ({
  PK: `PROMOTIONUNCOUNTED#${paymentRequestId}`,
  SK: 'PROMOTIONUNCOUNTED',
});
/** The sweep's index partition (GSI1): the uncounted payments, oldest first. */
export const UNCOUNTED_PARTITION = 'PROMOTIONUNCOUNTED';

export const uncountedPaymentEntity = defineEntity<UncountedPayment, [paymentRequestId: string]>({
  type: 'promotion-uncounted-payment',
  version: 1,
  key: uncountedKey,
  keyOf: (u) => uncountedKey(u.paymentRequestId),
  indexes: (u) => ({ GSI1PK: UNCOUNTED_PARTITION, GSI1SK: `${u.recordedAt}#${u.paymentRequestId}` }),
  required: ['paymentRequestId', 'paidAt', 'recordedAt'],
});
