import { createHmac } from 'node:crypto';
import { findAccount } from '../accounts';
import { accountNow, isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { newId } from '../core/ids';
import { logger } from '../core/observability';
import { getDrawKeySecret } from '../core/secrets';
import {
  activityEntity,
  activityPartition,
  drawResultEntity,
  PENDING_DRAWS_PARTITION,
  pendingDrawEntity,
  progressEntity,
  promotionEntity,
  type DrawResult,
  type DrawWinner,
  type RewardNode,
  type StoredPromotion,
} from './entities';
import { ISSUER, memberActivityStep } from './promotion-store';
import { rewardMemberOnce } from './rewards';

/** Pending draws a run looks at: the earliest ends first (a test clock may make a later one due sooner). */
const PENDING_PER_RUN = 500;

/** The draw was recorded by another run first. */
class AlreadyDrawn extends Error {}

/**
 * The draw run (every minute): each pending draw whose end has come by its owner's clock is drawn once and its winners
 * rewarded; a draw that fails stays pending for the next run, which finishes it from its recorded result.
 */
export async function runDraws(): Promise<{ drawn: number; failed: number }> {
  const pending = await pendingDrawEntity.all({
    partition: PENDING_DRAWS_PARTITION,
    index: 'GSI1',
    newestFirst: false,
    limit: PENDING_PER_RUN,
  });
  const clocks = new Map<string, Promise<Date>>();
  const nowOf = (accountId: string) => {
    if (!clocks.has(accountId))
      clocks.set(
        accountId,
        findAccount(accountId).then((account) => accountNow(account)),
      );
    return clocks.get(accountId)!;
  };
  let drawn = 0;
  let failed = 0;
  for (const draw of pending) {
    try {
      const now = await nowOf(draw.accountId);
      if (draw.endsAt > isoTimestamp(now)) continue;
      await drawPromotion(draw.promotionId, now);
      drawn++;
    } catch (error) {
      logger.error('promotion draw failed; the next run finishes it', { promotionId: draw.promotionId, error });
      failed++;
    }
  }
  return { drawn, failed };
}

/**
 * Draws once: the result (its winners), the promotion `ended` and its `promotion:ended` activity in one transaction
 * that only the first run writes; every run then rewards the recorded winners, each once (its marker), so a rerun or a
 * concurrent run rewards nobody twice. The draw stops being pending once every winner is rewarded.
 */
async function drawPromotion(promotionId: string, now: Date): Promise<void> {
  const promotion = await promotionEntity.get(promotionId);
  if (promotion) {
    const result = (await drawResultEntity.get(promotionId)) ?? (await recordDraw(promotion, now));
    for (const winner of result.winners)
      await rewardMemberOnce(promotion, winner.accountId, 'draw', result.drawnAt, {
        leaves: winner.rewards,
        steps: [
          memberActivityStep(promotion, winner.accountId, result.drawnAt, {
            activityType: 'promotion:completed',
            status: 'complete',
          }),
        ],
      });
  }
  await pendingDrawEntity.remove([promotionId]);
}

async function recordDraw(promotion: StoredPromotion, now: Date): Promise<DrawResult> {
  const entries = await entriesOf(promotion);
  const at = isoTimestamp(now);
  const result: DrawResult = {
    promotionId: promotion.id,
    entrants: new Set(entries.map((e) => e.accountId)).size,
    entries: entries.length,
    winners: pickWinners(promotion, entries, await getDrawKeySecret()),
    drawnAt: at,
  };
  try {
    await runTransaction([
      drawResultEntity.createStep(result, { onExists: () => new AlreadyDrawn() }),
      promotionEntity.updateStep([promotion.id], { set: { status: 'ended', updatedAt: at, updatedBy: ISSUER } }),
      activityEntity.createStep({
        id: newId(),
        activityType: 'promotion:ended',
        promotionId: promotion.id,
        programId: promotion.programId,
        status: 'ended',
        createdAt: at,
        createdBy: ISSUER,
      }),
    ]);
    return result;
  } catch (error) {
    if (!(error instanceof AlreadyDrawn)) throw error;
    const recorded = await drawResultEntity.get(promotion.id);
    if (!recorded) throw error;
    return recorded;
  }
}

interface Entry {
  accountId: string;
  id: string;
}

/** Every entry of the members with at least the draw's minimum: `<accountId>#<n>` for each of a member's n entries. */
async function entriesOf(promotion: StoredPromotion): Promise<Entry[]> {
  const minimum = promotion.progress?.minimum ?? 1;
  const entries: Entry[] = [];
  let pageKey: string | undefined;
  do {
    const page = await progressEntity.page(
      { partition: activityPartition(promotion.id), sortKeyPrefix: 'MEMBER#' },
      { paginationLimit: 100, pageKey },
    );
    for (const { accountId, current } of page.items)
      if (current >= minimum) for (let n = 1; n <= current; n++) entries.push({ accountId, id: `${accountId}#${n}` });
    pageKey = page.nextPageKey;
  } while (pageKey);
  return entries;
}

/**
 * The winners, reproducibly: each entry's score is HMAC-SHA256(draw key, `<promotionId>#<entryId>`) in hex, the key
 * being the draw-key secret (a server secret of its own, core/secrets.ts), so that whoever holds it can recompute a
 * draw and nobody else can predict one; entries in ascending score order, a member's first entry in that order is its
 * place (more entries, more chances). Members in place order win while the rewards last: each takes the rewards its
 * place resolves to in the reward tree.
 */
function pickWinners(promotion: StoredPromotion, entries: Entry[], key: Buffer): DrawWinner[] {
  const scored = entries
    .map((entry) => ({
      ...entry,
      score: createHmac('sha256', key).update(`${promotion.id}#${entry.id}`).digest('hex'),
    }))
    .sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0));
  const issued = promotion.rewards.map(() => 0);
  const winners: DrawWinner[] = [];
  const placed = new Set<string>();
  for (const entry of scored) {
    if (placed.has(entry.accountId)) continue;
    placed.add(entry.accountId);
    const rewards = promotion.rewardTree && resolve(promotion, promotion.rewardTree, issued);
    if (!rewards) break;
    for (const i of rewards) issued[i]++;
    winners.push({ accountId: entry.accountId, entryId: entry.id, rewards });
  }
  return winners;
}

/**
 * The rewards a node gives the next winner, or undefined when its supply is spent: a reward while fewer winners than
 * its `totalSupply` (1 when absent) have it; an `and` group, every item's; an `or` group, its first item that has any.
 */
function resolve(promotion: StoredPromotion, node: RewardNode, issued: number[]): number[] | undefined {
  if (typeof node === 'number') return issued[node] < (promotion.rewards[node].totalSupply ?? 1) ? [node] : undefined;
  if ('or' in node) {
    for (const item of node.or) {
      const found = resolve(promotion, item, issued);
      if (found) return found;
    }
    return undefined;
  }
  const all = node.and.map((item) => resolve(promotion, item, issued));
  return all.every((found) => found !== undefined) ? all.flat() : undefined;
}
