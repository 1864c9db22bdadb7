import type { FromSchema } from 'json-schema-to-ts';
import type { createPromotionBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { findLoyaltyProgram } from '../loyalty-programs';
import { brandingImage } from '../media-uploads';
import { findCollections, tokenAssetType } from '../tokens';
import { queryWalletAssets } from '../wallet-assets';
import type { StoredPromotion, StoredReward } from './entities';
import { PARTICIPATION_LIMIT } from './payment-event';
import { insertPromotion, presentPromotion } from './promotion-store';

type Body = FromSchema<typeof createPromotionBody>;
type Leaf = { assetType: string; amount?: string; collectionId?: string };
type RewardGroup = Body['params']['rewards'];
type Condition = NonNullable<Body['conditions']>[number];

/** A challenge of a loyalty program, by the program's owner: its rewards funded from the owner's own wallets. */
export const createPromotion = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const program = await findLoyaltyProgram(params.loyaltyProgramId);
  if (!program) throw forbidden();
  const account = await auth.access.account(program.accountId);
  if (body.startsAt && body.endsAt && body.startsAt >= body.endsAt) throw badRequest('endsAt must be after startsAt');
  // Its logo at the public address its `img` names (docs/api/media-uploads.md).
  const branding = body.mediaUploadId ? await brandingImage(body.mediaUploadId, account.id) : {};
  const { target } = body.params;
  if (target.type === 'sum' && target.field === undefined) throw badRequest('params.target.field is required for sum');
  // Every contributor is rewarded when the pooled target is reached: once, so a shared challenge does not repeat.
  if (target.type === 'shared' && body.repeatable) throw badRequest('repeatable must be false for a shared target');
  const conditions = (body.conditions ?? []).map(checkCondition);
  if (conditions.filter((c) => c.type === PARTICIPATION_LIMIT).length > 1)
    throw badRequest(`conditions holds one ${PARTICIPATION_LIMIT} at most`);
  const rewards = await fundedRewards(account.id, program.test, leavesOf(body.params.rewards));
  const at = isoTimestamp(now);
  const promotion: StoredPromotion = {
    id: newId(),
    accountId: account.id,
    programId: program.id,
    name: body.name,
    ...(body.summary ? { summary: body.summary } : {}),
    ...(body.description ? { description: body.description } : {}),
    ...branding,
    ...(body.startsAt ? { startsAt: body.startsAt } : {}),
    ...(body.endsAt ? { endsAt: body.endsAt } : {}),
    eventType: body.eventType,
    type: body.type,
    target: {
      type: target.type,
      ...(target.type === 'sum' ? { field: target.field } : {}),
      amount: String(target.amount),
    },
    rewards,
    conditions,
    repeatable: body.repeatable === true,
    test: program.test,
    createdAt: at,
    createdBy: auth.principal.crn,
    updatedAt: at,
    updatedBy: auth.principal.crn,
  };
  await insertPromotion(promotion);
  return presentPromotion(promotion);
});

/** Every leaf of an `and` tree: a challenge issues them all. */
const leavesOf = (group: RewardGroup): Leaf[] =>
  group.and.flatMap((item) => ('and' in item && Array.isArray(item.and) ? (item.and as Leaf[]) : [item as Leaf]));

/**
 * Each money reward is paid from an active wallet of the owner's account of its asset type and the program's liveness;
 * each token reward issues one token of a product collection of the owner's account of the program's liveness, under
 * the token asset type of that liveness. Otherwise PROMOTION_REWARDS_INVALID (the reward's ledger does not exist for
 * the owner).
 */
async function fundedRewards(accountId: string, test: boolean, leaves: Leaf[]): Promise<StoredReward[]> {
  const [wallets, collections] = await Promise.all([
    queryWalletAssets(accountId),
    findCollections(leaves.flatMap((leaf) => (leaf.collectionId ? [leaf.collectionId] : []))),
  ]);
  return leaves.map(({ assetType, amount, collectionId }, index) => {
    if (collectionId) {
      if (amount !== undefined && amount !== '1')
        throw badRequest(`params.rewards.${index}.amount must be 1 for a token reward`);
      const collection = collections.get(collectionId);
      const owned = collection?.accountId === accountId && collection.test === test && collection.type === 'product';
      if (!owned || assetType !== tokenAssetType(test ? 'test' : 'main'))
        throw businessRule('PROMOTION_REWARDS_INVALID');
      return {
        assetType,
        amount: '1',
        collectionId,
        name: collection.name,
        ...(collection.img ? { img: collection.img } : {}),
      };
    }
    if (amount === undefined) throw badRequest(`params.rewards.${index}.amount is required for a money reward`);
    const wallet = wallets.find(
      (w) => w.status === 'active' && w.type === assetType && (w.liveness === 'test') === test,
    );
    if (!wallet || BigInt(amount) === 0n) throw businessRule('PROMOTION_REWARDS_INVALID');
    return {
      assetType,
      amount,
      currency: wallet.currency,
      fundingAssetId: wallet.id,
      fundingSettlement: wallet.settlement,
    };
  });
}

/**
 * A condition names a payment field, or a type standing for the field of its name (never both); a participation limit
 * is the type alone, `equals` the number of times (1 to 999) a member may complete the promotion.
 */
function checkCondition(condition: Condition, index: number) {
  if (condition.type === PARTICIPATION_LIMIT) {
    if (condition.field || condition.operator !== 'equals' || !/^[1-9][0-9]{0,2}$/.test(String(condition.value)))
      throw badRequest(
        `conditions.${index} of type ${PARTICIPATION_LIMIT} takes no field, equals and a count 1 to 999`,
      );
    return { type: condition.type, operator: condition.operator, value: condition.value };
  }
  const field = condition.field ?? condition.type;
  if (!field || (condition.field && condition.type))
    throw badRequest(`conditions.${index} names a field or a type, one of them`);
  const list = Array.isArray(condition.value);
  if ((condition.operator === 'in') !== list)
    throw badRequest(`conditions.${index}.value is a list exactly when the operator is in`);
  if (['greater-than', 'less-than'].includes(condition.operator) && field !== 'amount')
    throw badRequest(`conditions.${index}.field must be amount for ${condition.operator}`);
  if (field === 'amount' && !list && !/^(0|[1-9][0-9]{0,17})$/.test(condition.value as string))
    throw badRequest(`conditions.${index}.value must be an amount in minor units`);
  return {
    ...(condition.type ? { type: condition.type } : {}),
    field,
    operator: condition.operator,
    value: condition.value,
  };
}
