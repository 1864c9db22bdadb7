import type { TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { derivedId } from '../core/ids';
import { postedTransfers, type TransferSpec } from '../core/ledger/transfers';
import { findCollections, tokenIssueSteps } from '../tokens';
import { insertWalletAsset, queryWalletAssets, settlementSide } from '../wallet-assets';
import { isTokenReward, type StoredPromotion } from './entities';
import { ISSUER } from './promotion-store';

/**
 * The steps that issue a promotion's rewards to a member on one occasion (`occasion`: its completion's number), for
 * the transaction that records the occasion. Money moves by the transfer engine from the owner's funding wallet to a
 * wallet of the member's own (made if it has none); a token is issued by the tokens group from its collection. Every
 * id derives from the promotion, the member, the occasion and the reward, so an occasion's rewards are issued once.
 */
export async function rewardSteps(
  promotion: StoredPromotion,
  accountId: string,
  occasion: string,
  at: string,
): Promise<TransactionStep[]> {
  const idOf = (label: string, i: number) => derivedId(undefined, label, promotion.id, accountId, occasion, String(i));
  const liveness = promotion.test ? 'test' : 'main';
  const tokens = promotion.rewards.filter(isTokenReward);
  const [wallets, collections] = await Promise.all([
    queryWalletAssets(accountId),
    findCollections(tokens.map((t) => t.collectionId)),
  ]);
  const specs: TransferSpec[] = [];
  const steps: TransactionStep[] = [];
  for (const [i, reward] of promotion.rewards.entries()) {
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
    const wallet =
      wallets.find((w) => w.status === 'active' && w.type === reward.assetType && w.liveness === liveness) ??
      (await insertWalletAsset(
        { accountId, accountTest: promotion.test, ledgerId: reward.assetType, settlement: false },
        ISSUER,
        new Date(),
      ));
    wallets.push(wallet);
    specs.push({
      id: idOf('promotion-reward', i),
      kind: 'promotion-reward',
      debit: settlementSide(reward.fundingAssetId, reward.fundingSettlement),
      credit: { assetId: wallet.id, mode: 'single' },
      amount: BigInt(reward.amount),
      currency: reward.currency,
      liveness,
      refs: { promotionId: promotion.id },
    });
  }
  return [...(specs.length ? await postedTransfers(specs, at) : []), ...steps];
}
