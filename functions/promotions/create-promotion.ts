import type { FromSchema } from 'json-schema-to-ts';
import type { createPromotionBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { findLoyaltyProgram } from '../loyalty-programs';
import { brandingImage } from '../media-uploads';
import { findCollections, tokenAssetType } from '../tokens';
import { queryWalletAssets, spendAccess } from '../wallet-assets';
import type { RewardTree, StoredPromotion, StoredReward } from './entities';
import { PARTICIPATION_LIMIT } from './payment-event';
import { insertPromotion, presentPromotion } from './promotion-store';

type Body = FromSchema<typeof createPromotionBody>;
type Leaf = { assetType: string; amount?: string; collectionId?: string; totalSupply?: string | number };
type RewardGroup = { and?: unknown[]; or?: unknown[] };
type Condition = NonNullable<Body['conditions']>[number];

/**
 * A challenge of a loyalty program, by the program's owner: its rewards funded from the owner's own wallets. A money
 * reward is paid out of the owner's wallet with no further say of the owner, so making one spends that wallet: it
 * needs `assets:spend` on the owner's account, as sending the money would (a signed-in owner whose phone is not
 * verified is refused, FORBIDDEN, writing nothing). A token reward is issued from its collection: no spend.
 */
export const createPromotion = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const program = await findLoyaltyProgram(params.loyaltyProgramId);
  if (!program) throw forbidden();
  const account = await auth.access.account(program.accountId);
  if (body.startsAt && body.endsAt && body.startsAt >= body.endsAt) throw badRequest('endsAt must be after startsAt');
  // Its logo at the public address its `img` names (docs/api/media-uploads.md).
  const branding = body.mediaUploadId ? await brandingImage(body.mediaUploadId, account.id) : {};
  const kind = body.type === 'draw' ? drawParams(body) : challengeParams(body);
  const conditions = (body.conditions ?? []).map(checkCondition);
  if (conditions.filter((c) => c.type === PARTICIPATION_LIMIT).length > 1)
    throw badRequest(`conditions holds one ${PARTICIPATION_LIMIT} at most`);
  if (body.type === 'draw' && conditions.some((c) => c.type === PARTICIPATION_LIMIT))
    throw badRequest(`conditions of a draw take no ${PARTICIPATION_LIMIT}: a member is drawn once`);
  const { leaves, tree } = rewardTreeOf(body.params.rewards as RewardGroup);
  checkSupply(body.type, tree, leaves);
  if (leaves.some((leaf) => !leaf.collectionId)) await spendAccess(auth.access).account(account.id);
  const rewards = await fundedRewards(account.id, program.test, leaves);
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
    ...kind,
    rewards,
    ...(body.type === 'draw' ? { rewardTree: tree, status: 'active' as const } : {}),
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

/** A challenge's target: completing it issues every reward, so its rewards are one `and` tree. */
function challengeParams(body: Body) {
  const { target, progress } = body.params;
  if (!target) throw badRequest('params.target is required for a challenge');
  if (progress) throw badRequest('params.progress is only for a draw');
  if (target.type === 'sum' && target.field === undefined) throw badRequest('params.target.field is required for sum');
  // Every contributor is rewarded when the pooled target is reached: once, so a shared challenge does not repeat.
  if (target.type === 'shared' && body.repeatable) throw badRequest('repeatable must be false for a shared target');
  return {
    target: {
      type: target.type,
      ...(target.type === 'sum' ? { field: target.field } : {}),
      amount: String(target.amount),
    },
  };
}

/** A draw's entry bounds; its winners are drawn at `endsAt`, once. */
function drawParams(body: Body) {
  const { target, progress } = body.params;
  if (target) throw badRequest('params.target is only for a challenge; a draw takes params.progress');
  if (!progress) throw badRequest('params.progress is required for a draw');
  if (!body.endsAt) throw badRequest('endsAt is required for a draw: its winners are drawn then');
  if (body.repeatable) throw badRequest('repeatable must be false for a draw');
  const minimum = progress.minimum ?? 1;
  const maximum = progress.maximum ?? MAX_ENTRIES;
  if (minimum > maximum) throw badRequest('params.progress.maximum must be at least params.progress.minimum');
  return { progress: { minimum, maximum } };
}

/** A member's entries in a draw at most (a payment earns one). */
const MAX_ENTRIES = 100;
/** A draw's rewards' supplies together, so a draw has at most this many winners (each takes one at least). */
const MAX_SUPPLY = 100;

/** Only a draw has `or` groups and supplies; a draw's supplies are bounded together. */
function checkSupply(type: Body['type'], tree: RewardTree, leaves: Leaf[]) {
  const hasOr = (node: RewardTree): boolean =>
    'or' in node || node.and.some((item) => typeof item !== 'number' && hasOr(item));
  if (type === 'draw') {
    const supply = leaves.reduce((sum, leaf) => sum + Number(leaf.totalSupply ?? 1), 0);
    if (supply > MAX_SUPPLY) throw badRequest(`params.rewards totalSupply together must be at most ${MAX_SUPPLY}`);
    return;
  }
  if (hasOr(tree)) throw badRequest('params.rewards of a challenge take no or group');
  if (leaves.some((leaf) => leaf.totalSupply !== undefined))
    throw badRequest('params.rewards of a challenge take no totalSupply');
}

/**
 * The rewards, flattened in order (each money reward funded, each token checked), and the tree as indexes into them.
 * The schema bounds the tree to two levels of at most 5 items.
 */
function rewardTreeOf(group: RewardGroup): { leaves: Leaf[]; tree: RewardTree } {
  const leaves: Leaf[] = [];
  const walk = (node: RewardGroup): RewardTree => {
    const items = (node.and ?? node.or ?? []).map((item) => {
      if ('assetType' in (item as object)) return leaves.push(item as Leaf) - 1;
      return walk(item as RewardGroup);
    });
    return node.or ? { or: items } : { and: items };
  };
  return { leaves, tree: walk(group) };
}

/**
 * Each money reward is paid from an active wallet of the owner's account of its asset type and the program's liveness,
 * never a settlement wallet (it holds payment money due to the merchant's bank account, API reference item 13); each
 * token reward issues one token of a product collection of the owner's account of the program's liveness, under the
 * token asset type of that liveness. Otherwise PROMOTION_REWARDS_INVALID (the owner holds no such wallet or
 * collection).
 */
async function fundedRewards(accountId: string, test: boolean, leaves: Leaf[]): Promise<StoredReward[]> {
  const [wallets, collections] = await Promise.all([
    queryWalletAssets(accountId),
    findCollections(leaves.flatMap((leaf) => (leaf.collectionId ? [leaf.collectionId] : []))),
  ]);
  return leaves.map(({ assetType, amount, collectionId, totalSupply }, index) => {
    const supply = totalSupply === undefined ? {} : { totalSupply: Number(totalSupply) };
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
        ...supply,
      };
    }
    if (amount === undefined) throw badRequest(`params.rewards.${index}.amount is required for a money reward`);
    const wallet = wallets.find(
      (w) => w.status === 'active' && !w.settlement && w.type === assetType && (w.liveness === 'test') === test,
    );
    if (!wallet || BigInt(amount) === 0n) throw businessRule('PROMOTION_REWARDS_INVALID');
    return {
      assetType,
      amount,
      currency: wallet.currency,
      fundingAssetId: wallet.id,
      fundingSettlement: false,
      ...supply,
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
