import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule, codeOf } from '../core/errors/classes';
import { derivedId } from '../core/ids';
import { postedTransfers, type TransferSpec } from '../core/ledger/transfers';
import { findCollections, tokenIssueSteps } from '../tokens';
import { insertWalletAsset, queryWalletAssets } from '../wallet-assets';
import { isTokenReward, sharedRewardEntity, type StoredPromotion } from './entities';
import { ISSUER } from './promotion-store';

/**
 * The steps that issue a promotion's rewards to a member on one occasion (`occasion`: its completion's number), for
 * the transaction that records the occasion. Money moves by the transfer engine from the owner's funding wallet to a
 * wallet of the member's own (made if it has none); a token is issued by the tokens group from its collection. Every
 * id derives from the promotion, the member, the occasion and the reward, so an occasion's rewards are issued once.
 * `leaves`: the rewards issued (indexes into the promotion's), all unless a draw's winner receives only its branch.
 */
export async function rewardSteps(
  promotion: StoredPromotion,
  accountId: string,
  occasion: string,
  at: string,
  leaves: readonly number[] = [...promotion.rewards.keys()],
): Promise<TransactionStep[]> {
  const idOf = (label: string, i: number) => derivedId(undefined, label, promotion.id, accountId, occasion, String(i));
  const liveness = promotion.test ? 'test' : 'main';
  const tokens = leaves.map((i) => promotion.rewards[i]).filter(isTokenReward);
  const [wallets, collections] = await Promise.all([
    queryWalletAssets(accountId),
    findCollections(tokens.map((t) => t.collectionId)),
  ]);
  const specs: TransferSpec[] = [];
  const steps: TransactionStep[] = [];
  for (const i of leaves) {
    const reward = promotion.rewards[i];
    if (isTokenReward(reward)) {
      const collection = collections.get(reward.collectionId);
      if (!collection) throw businessRule('PROMOTION_REWARDS_INVALID');
      const issue = { collection, accountId, liveness, tokenId: idOf('promotion-reward-token', i) } as const;
      const { steps: issued } = await tokenIssueSteps(
        { ...issue, transferId: idOf('promotion-reward', i) },
        ISSUER,
        new Date(at),
      );
      steps.push(...issued);
      continue;
    }
    // A promotion stored before rewards were kept off settlement wallets names one: that wallet holds payment money due
    // to the merchant's bank account, never a reward's, so it counts as a funding wallet that cannot pay.
    if (reward.fundingSettlement) throw businessRule('PROMOTION_REWARDS_INVALID');
    // Never the member's settlement wallet (a member may be a merchant): it takes payment money only.
    const wallet =
      wallets.find(
        (w) => w.status === 'active' && !w.settlement && w.type === reward.assetType && w.liveness === liveness,
      ) ??
      (await insertWalletAsset(
        { accountId, accountTest: promotion.test, ledgerId: reward.assetType, settlement: false },
        ISSUER,
        new Date(),
      ));
    wallets.push(wallet);
    specs.push({
      id: idOf('promotion-reward', i),
      kind: 'promotion-reward',
      debit: { assetId: reward.fundingAssetId, mode: 'single' },
      credit: { assetId: wallet.id, mode: 'single' },
      amount: BigInt(reward.amount),
      currency: reward.currency,
      liveness,
      refs: { promotionId: promotion.id },
    });
  }
  return [...(specs.length ? await postedTransfers(specs, at) : []), ...steps];
}

/** The member was rewarded on this promotion before. */
class AlreadyRewarded extends Error {}

/**
 * Rewards a member once per promotion (a shared target's contributor, a draw's winner): its marker, `steps` (its
 * activity) and its rewards in one transaction. When the owner's wallet can no longer pay, the marker and the steps are
 * written without the rewards (`issued` false).
 */
export async function rewardMemberOnce(
  promotion: StoredPromotion,
  accountId: string,
  occasion: string,
  at: string,
  { leaves, steps = [] }: { leaves?: readonly number[]; steps?: TransactionStep[] } = {},
): Promise<void> {
  const marker = (issued: boolean) =>
    sharedRewardEntity.createStep(
      { promotionId: promotion.id, accountId, issued, createdAt: at },
      { onExists: () => new AlreadyRewarded() },
    );
  try {
    await runTransaction([marker(true), ...steps, ...(await rewardSteps(promotion, accountId, occasion, at, leaves))]);
  } catch (error) {
    if (error instanceof AlreadyRewarded) return;
    if (!codeOf(error) || error instanceof TransactionConflictError) throw error;
    await runTransaction([marker(false), ...steps]).catch((again) => {
      if (!(again instanceof AlreadyRewarded)) throw again;
    });
  }
}
