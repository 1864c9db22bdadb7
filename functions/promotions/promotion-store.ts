import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { runTransaction } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { newId } from '../core/ids';
import {
  activityEntity,
  isTokenReward,
  pendingDrawEntity,
  programPromotionsPartition,
  promotionCountKey,
  promotionEntity,
  type Promotion,
  type PromotionActivity,
  type RewardNode,
  type StoredPromotion,
} from './entities';
import { promotion as promotionSchema } from './schemas';

/** Who counts payments and issues rewards: the promotions service, on no caller's behalf. */
export const ISSUER = 'crn::service:promotions';

/** A step writing an activity of a member's part in a promotion, by the promotions service. */
export const memberActivityStep = (
  promotion: StoredPromotion,
  accountId: string,
  at: string,
  activity: Pick<PromotionActivity, 'activityType' | 'targetProgress' | 'status'>,
) =>
  activityEntity.createStep({
    id: newId(),
    promotionId: promotion.id,
    programId: promotion.programId,
    accountId,
    createdAt: at,
    createdBy: ISSUER,
    ...activity,
  });

/** Promotions one program may run: each payment at its merchants is checked against all of them. */
const MAX_PROMOTIONS_PER_PROGRAM = 20;

/**
 * The promotion, its count within the program's limit and its `promotion:created` activity, in one transaction; a
 * draw's pending entry with them, so the draw run finds it at its end.
 */
export function insertPromotion(promotion: StoredPromotion): Promise<void> {
  const created: PromotionActivity = {
    id: newId(),
    activityType: 'promotion:created',
    promotionId: promotion.id,
    programId: promotion.programId,
    createdAt: promotion.createdAt!,
    createdBy: promotion.createdBy,
  };
  return runTransaction([
    promotionEntity.createStep(promotion),
    boundedCountStep(promotionCountKey(promotion.programId), 1, MAX_PROMOTIONS_PER_PROGRAM, 'PROMOTION_LIMIT_EXCEEDED'),
    activityEntity.createStep(created),
    ...(promotion.type === 'draw' && promotion.endsAt
      ? [
          pendingDrawEntity.createStep({
            promotionId: promotion.id,
            accountId: promotion.accountId,
            endsAt: promotion.endsAt,
          }),
        ]
      : []),
  ]);
}

/** Every promotion of a program (at most MAX_PROMOTIONS_PER_PROGRAM), in the order of their creation asked for. */
export const promotionsOf = (programId: string, order: { newestFirst: boolean }): Promise<StoredPromotion[]> =>
  promotionEntity.all({ partition: programPromotionsPartition(programId), index: 'GSI1', ...order });

/** The promotion the path names, if the caller may act on its account under the route's permission. */
export async function loadPromotion(request: AuthedRequest): Promise<StoredPromotion> {
  const found = await promotionEntity.get(request.params.promotionId);
  if (!found) throw forbidden();
  await request.auth.access.account(found.accountId);
  return found;
}

/** The rewards as served: what the docs' reward model shows of each (the funding wallet stays ours). */
export const servedRewards = (promotion: StoredPromotion) =>
  promotion.rewards.map((reward) => ({
    assetType: reward.assetType,
    amount: reward.amount,
    ...(isTokenReward(reward)
      ? { collectionId: reward.collectionId, name: reward.name, ...(reward.img ? { img: reward.img } : {}) }
      : {}),
    ...(reward.totalSupply === undefined ? {} : { totalSupply: String(reward.totalSupply) }),
  }));

/** `params` as served: a challenge's target and `and` rewards, a draw's reward tree and entry bounds. */
export function servedParams(promotion: StoredPromotion) {
  const rewards = servedRewards(promotion);
  if (!promotion.rewardTree) return { target: promotion.target, rewards: { and: rewards } };
  const served = (node: RewardNode): unknown =>
    typeof node === 'number'
      ? rewards[node]
      : 'and' in node
        ? { and: node.and.map(served) }
        : { or: node.or.map(served) };
  return { rewards: served(promotion.rewardTree), progress: promotion.progress };
}

export const presentPromotion = (promotion: StoredPromotion): Promotion =>
  publicView<Promotion>(promotionSchema, {
    ...promotion,
    rewards: servedRewards(promotion),
    params: servedParams(promotion),
  });

export const presentPage = async (found: Promise<Page<StoredPromotion>>): Promise<Page<Promotion>> => {
  const page = await found;
  return { ...page, items: page.items.map(presentPromotion) };
};
