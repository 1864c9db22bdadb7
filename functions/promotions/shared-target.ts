import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, TransactionConflictError } from '../core/db/transaction';
import {
  activityPartition,
  countedPaymentEntity,
  sharedProgressEntity,
  type SharedProgress,
  type StoredPromotion,
} from './entities';
import { increment, targetOf, type PaymentEvent } from './payment-event';
import { memberActivityStep } from './promotion-store';
import { rewardMemberOnce } from './rewards';

/** The payment was counted for this member before. */
class Done extends Error {}

/**
 * One member's payment toward a `shared` target: counted once (its marker) into the pooled progress, whose write is
 * conditional on the version read, so concurrent payments of any members are each counted exactly once. The payment
 * that reaches the target completes the promotion for every member; then every member who contributed a counted
 * payment is rewarded once. A redelivered payment of a completed promotion finishes rewarding whoever is left.
 */
export async function advanceShared(promotion: StoredPromotion, accountId: string, event: PaymentEvent) {
  const shared = await retryOnConflict(async () => {
    const current = await sharedProgressEntity.get(promotion.id);
    if (current && current.completions > 0) return current;
    const at = isoTimestamp(new Date());
    const target = Number(targetOf(promotion).amount);
    const reached = Math.min((current?.current ?? 0) + increment(promotion, event), target);
    const next: SharedProgress = {
      promotionId: promotion.id,
      current: reached,
      completions: reached >= target ? 1 : 0,
      createdAt: current?.createdAt ?? at,
      modifiedAt: at,
      version: current?.version ?? 0,
    };
    const activity = (activityType: 'promotion:shared-progress-incremented' | 'promotion:completed') =>
      memberActivityStep(promotion, accountId, at, {
        activityType,
        targetProgress: String(reached),
        ...(activityType === 'promotion:completed' ? { status: 'complete' } : {}),
      });
    try {
      await runTransaction([
        countedPaymentEntity.createStep(
          { promotionId: promotion.id, accountId, paymentRequestId: event.paymentRequestId, countedAt: at },
          { onExists: () => new Done() },
        ),
        current
          ? sharedProgressEntity.replaceStep(current, next)
          : sharedProgressEntity.createStep(
              { ...next, version: 1 },
              { onExists: () => new TransactionConflictError() },
            ),
        activity('promotion:shared-progress-incremented'),
        ...(next.completions ? [activity('promotion:completed')] : []),
      ]);
    } catch (error) {
      if (error instanceof Done) return current;
      throw error;
    }
    return { ...next, version: next.version + 1 };
  });
  if (shared && shared.completions > 0 && !shared.rewardsIssued) await rewardContributors(promotion);
}

/** Rewards each member with a counted payment, each in its own transaction with its marker: once per member. */
async function rewardContributors(promotion: StoredPromotion) {
  const rewarded = new Set<string>();
  let pageKey: string | undefined;
  do {
    const page = await countedPaymentEntity.page(
      { partition: activityPartition(promotion.id), sortKeyPrefix: 'COUNTED#' },
      { paginationLimit: 100, pageKey },
    );
    for (const { accountId } of page.items) {
      if (rewarded.has(accountId)) continue;
      rewarded.add(accountId);
      await rewardMemberOnce(promotion, accountId, 'shared', isoTimestamp(new Date()));
    }
    pageKey = page.nextPageKey;
  } while (pageKey);
  await retryOnConflict(async () => {
    const current = await sharedProgressEntity.get(promotion.id);
    if (!current || current.rewardsIssued) return;
    await sharedProgressEntity.replace(current, { ...current, rewardsIssued: true, version: current.version + 1 });
  });
}
