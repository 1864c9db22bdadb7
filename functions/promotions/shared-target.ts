import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, TransactionConflictError } from '../core/db/transaction';
import { codeOf } from '../core/errors/classes';
import {
  activityPartition,
  countedPaymentEntity,
  sharedProgressEntity,
  sharedRewardEntity,
  type SharedProgress,
  type StoredPromotion,
} from './entities';
import { increment, type PaymentEvent } from './payment-event';
import { memberActivityStep } from './promotion-store';
import { rewardSteps } from './rewards';

/** The payment was counted for this member before, or the contributor rewarded before. */
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
    const target = Number(promotion.target.amount);
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
      await rewardOnce(promotion, accountId);
    }
    pageKey = page.nextPageKey;
  } while (pageKey);
  await retryOnConflict(async () => {
    const current = await sharedProgressEntity.get(promotion.id);
    if (!current || current.rewardsIssued) return;
    await sharedProgressEntity.replace(current, { ...current, rewardsIssued: true, version: current.version + 1 });
  });
}

async function rewardOnce(promotion: StoredPromotion, accountId: string) {
  const at = isoTimestamp(new Date());
  const marker = (issued: boolean) =>
    sharedRewardEntity.createStep(
      { promotionId: promotion.id, accountId, issued, createdAt: at },
      {
        onExists: () => new Done(),
      },
    );
  try {
    await runTransaction([marker(true), ...(await rewardSteps(promotion, accountId, 'shared', at))]);
  } catch (error) {
    if (error instanceof Done) return;
    // A reward the owner's wallet can no longer pay: the contributor is marked, its rewards not issued.
    if (!codeOf(error) || error instanceof TransactionConflictError) throw error;
    await runTransaction([marker(false)]).catch((again) => {
      if (!(again instanceof Done)) throw again;
    });
  }
}
