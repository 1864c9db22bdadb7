import type { FromSchema } from 'json-schema-to-ts';
import type { promotionMembership, promotionMembershipsQuery } from './schemas';
import { publicView } from '../core/db/entity';
import { derivedId } from '../core/ids';
import { authedOperation } from '../core/http/operation';
import { findMembership, membershipsPage, type StoredMembership } from '../loyalty-programs';
import { drawResultEntity, progressEntity, sharedProgressEntity, type StoredPromotion } from './entities';
import { completionLimit } from './payment-event';
import { promotionsOf, servedParams, servedRewards } from './promotion-store';
import { promotionMembership as schema } from './schemas';

type Query = FromSchema<typeof promotionMembershipsQuery>;
type PromotionMembership = FromSchema<typeof promotionMembership>;

/**
 * An account's promotion memberships: one per promotion of each program it belongs to (it takes part
 * in all of them from joining), with its progress. Pages run over the account's program memberships,
 * newest first, each program's promotions oldest first (so a page that ends inside a program resumes there even
 * after the program gains one); `loyaltyProgramId` keeps one program's. A page reads the promotions of at most as
 * many programs as an account may join (100), however few they hold.
 */
export const listPromotionMemberships = authedOperation<unknown, Query>(async ({ params, query, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  if (query.loyaltyProgramId) {
    const membership = await findMembership(query.loyaltyProgramId, account.id);
    return { items: membership ? await viewsOf(membership, now) : [] };
  }
  return membershipsPage(account.id, query, (membership) => viewsOf(membership, now));
});

async function viewsOf(membership: StoredMembership, now: Date): Promise<PromotionMembership[]> {
  const promotions = await promotionsOf(membership.programId, { newestFirst: false });
  const [progress, shared, drawn] = await Promise.all([
    progressEntity.getMany(promotions.map((p) => [p.id, membership.accountId] as [string, string])),
    sharedProgressEntity.getMany(promotions.filter((p) => p.target?.type === 'shared').map((p) => [p.id] as [string])),
    drawResultEntity.getMany(promotions.filter((p) => p.status === 'ended').map((p) => [p.id] as [string])),
  ]);
  // A shared target's progress is every member's: the pooled one, complete for all once reached.
  return promotions.map((promotion) => {
    const mine = (promotion.target?.type === 'shared' ? shared : progress).find((p) => p.promotionId === promotion.id);
    // A draw is complete for its winners once drawn.
    const won = drawn
      .find((d) => d.promotionId === promotion.id)
      ?.winners.some((w) => w.accountId === membership.accountId);
    return view(promotion, membership, mine, now, won === true);
  });
}

function view(
  promotion: StoredPromotion,
  membership: StoredMembership,
  progress: { current: number; completions: number; createdAt: string; modifiedAt: string } | undefined,
  now: Date,
  won: boolean,
): PromotionMembership {
  const current = progress?.current ?? 0;
  const complete = won || (progress?.completions ?? 0) >= completionLimit(promotion);
  const params = servedParams(promotion);
  // A drawn draw has ended whatever the member's clock says.
  const ended =
    promotion.status === 'ended' || (promotion.endsAt !== undefined && promotion.endsAt <= now.toISOString());
  return publicView<PromotionMembership>(schema, {
    ...promotion,
    id: derivedId(undefined, 'promotion-membership', promotion.id, membership.accountId),
    accountId: membership.accountId,
    promotionId: promotion.id,
    rewards: servedRewards(promotion),
    params: {
      ...params,
      ...(promotion.target?.type === 'shared' ? { target: { ...promotion.target, progress: current } } : {}),
      progress: { ...promotion.progress, current },
    },
    progress: current,
    completions: progress?.completions ?? 0,
    status: complete ? 'complete' : ended ? 'expired' : 'active',
    createdAt: membership.createdAt,
    createdBy: membership.createdBy,
    modifiedAt: progress?.modifiedAt ?? membership.createdAt,
    modifiedBy: membership.createdBy,
    test: membership.test,
  });
}
