import { isoTimestamp } from '../core/clock';
import { codeOf } from '../core/errors/classes';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { activeProgramsOf, findMembership } from '../loyalty-programs';
import { findPaymentRequest } from '../payment-requests';
import {
  countedPaymentEntity,
  progressEntity,
  type Progress,
  type PromotionActivity,
  type StoredPromotion,
} from './entities';
import { completionLimit, counts, increment, targetOf, type PaymentEvent } from './payment-event';
import { memberActivityStep, promotionsOf } from './promotion-store';
import { rewardSteps } from './rewards';
import { advanceShared } from './shared-target';

/** The payment was counted for this member and promotion before (a redelivered stream record). */
class AlreadyCounted extends Error {}

/**
 * A paid payment request, counted toward the promotions its payers take part in: the active
 * programs of the merchant's account that a payer belongs to, their promotions whose dates and
 * conditions the payment meets. Each payment counts once per member and promotion, however often it
 * is delivered; the payment that reaches the target completes it and issues its rewards, once.
 */
export async function countPayment(paymentRequestId: string, paidAt: string): Promise<void> {
  const request = await findPaymentRequest(paymentRequestId);
  if (request?.status !== 'paid') return;
  const event: PaymentEvent = {
    paymentRequestId,
    amount: request.value.amount,
    currency: request.value.currency,
    merchantId: request.merchantId,
    merchantAccountId: request.merchantAccountId,
    at: paidAt,
  };
  const payers = [...new Set(request.payments.map((p) => p.payerAccountId))];
  const programs = await activeProgramsOf(request.merchantAccountId);
  for (const program of programs) {
    const members = (await Promise.all(payers.map((payer) => findMembership(program.id, payer)))).flatMap((m) =>
      m ? [m.accountId] : [],
    );
    if (!members.length) continue;
    const promotions = (await promotionsOf(program.id, { newestFirst: true })).filter((p) => counts(p, event));
    // One member's promotions one after another: each moves only its own progress.
    for (const member of members) for (const promotion of promotions) await advance(promotion, member, event);
  }
}

/** One member's progress by one payment: re-read and written again when another payment moved it first. */
function advance(promotion: StoredPromotion, accountId: string, event: PaymentEvent): Promise<void> {
  if (promotion.type === 'draw') return enter(promotion, accountId, event);
  if (promotion.target?.type === 'shared') return advanceShared(promotion, accountId, event);
  return retryOnConflict(async () => {
    const progress = await progressEntity.get(promotion.id, accountId);
    // At its limit the member takes no further part: the progress write below is conditional on the version read here,
    // so concurrent payments cannot complete it past the limit.
    if (progress && progress.completions >= completionLimit(promotion)) return;
    try {
      await runTransaction(await advanceSteps(promotion, accountId, event, progress, true));
    } catch (error) {
      if (error instanceof AlreadyCounted) return;
      // A reward the owner's wallet can no longer pay: the completion stands, its rewards not issued.
      if (!codeOf(error) || error instanceof TransactionConflictError) throw error;
      await runTransaction(await advanceSteps(promotion, accountId, event, progress, false)).catch((again) => {
        if (!(again instanceof AlreadyCounted)) throw again;
      });
    }
  });
}

/**
 * A draw's entry: each counted payment earns the member one, up to the draw's maximum; a drawn draw takes no more. The
 * progress write is conditional on the version read, so concurrent payments never pass the maximum.
 */
function enter(promotion: StoredPromotion, accountId: string, event: PaymentEvent): Promise<void> {
  const maximum = promotion.progress?.maximum ?? 0;
  if (promotion.status === 'ended') return Promise.resolve();
  return retryOnConflict(async () => {
    const progress = await progressEntity.get(promotion.id, accountId);
    const current = (progress?.current ?? 0) + increment(promotion, event);
    if (current > maximum) return;
    const at = isoTimestamp(new Date());
    const next: Progress = {
      promotionId: promotion.id,
      accountId,
      current,
      completions: 0,
      createdAt: progress?.createdAt ?? at,
      modifiedAt: at,
      version: progress?.version ?? 0,
    };
    await runTransaction([
      ...progressSteps(promotion, accountId, event, progress, next),
      memberActivityStep(promotion, accountId, at, {
        activityType: 'promotion:progress-incremented',
        targetProgress: String(current),
      }),
    ]).catch((error) => {
      if (!(error instanceof AlreadyCounted)) throw error;
    });
  });
}

/** The payment's marker (counted once per member) and the member's next progress, conditional on the one read. */
const progressSteps = (
  promotion: StoredPromotion,
  accountId: string,
  event: PaymentEvent,
  progress: Progress | undefined,
  next: Progress,
): TransactionStep[] => [
  countedPaymentEntity.createStep(
    { promotionId: promotion.id, accountId, paymentRequestId: event.paymentRequestId, countedAt: next.modifiedAt },
    { onExists: () => new AlreadyCounted() },
  ),
  progress
    ? progressEntity.replaceStep(progress, next)
    : progressEntity.createStep({ ...next, version: 1 }, { onExists: () => new TransactionConflictError() }),
];

async function advanceSteps(
  promotion: StoredPromotion,
  accountId: string,
  event: PaymentEvent,
  progress: Progress | undefined,
  payRewards: boolean,
): Promise<TransactionStep[]> {
  const at = isoTimestamp(new Date());
  const target = Number(targetOf(promotion).amount);
  const reached = (progress?.current ?? 0) + increment(promotion, event);
  const completes = reached >= target;
  const completions = (progress?.completions ?? 0) + (completes ? 1 : 0);
  const next: Progress = {
    promotionId: promotion.id,
    accountId,
    // A promotion the member may complete again starts again; one at its limit stays at its target.
    current: completes ? (completions < completionLimit(promotion) ? 0 : target) : reached,
    completions,
    ...(completes
      ? { rewardsIssued: payRewards }
      : progress?.rewardsIssued === undefined
        ? {}
        : { rewardsIssued: progress.rewardsIssued }),
    createdAt: progress?.createdAt ?? at,
    modifiedAt: at,
    version: progress?.version ?? 0,
  };
  const activity = (activityType: PromotionActivity['activityType'], extra: Partial<PromotionActivity>) =>
    memberActivityStep(promotion, accountId, at, { activityType, ...extra });
  const steps: TransactionStep[] = [
    ...progressSteps(promotion, accountId, event, progress, next),
    activity('promotion:progress-incremented', { targetProgress: String(completes ? target : reached) }),
  ];
  if (!completes) return steps;
  steps.push(activity('promotion:completed', { status: 'complete', targetProgress: String(target) }));
  if (payRewards) steps.push(...(await rewardSteps(promotion, accountId, String(completions), at)));
  return steps;
}
