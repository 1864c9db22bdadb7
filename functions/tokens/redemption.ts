import { describeAssetType, type Liveness } from '../core/asset-types';
import { businessRule } from '../core/errors/classes';
import { formatAmount, type Amount } from '../core/money';
import type { RuleCodes, TransferSpec } from '../core/ledger/transfers';
import { findCollections } from './collection-store';
import { TOKEN_CURRENCY, type AllowedProduct, type StoredToken, type TokenCollection } from './entities';
import { findMerchantCondition, listMerchantConditions } from './redemption-store';
import { findToken, isExpired, ONE_TOKEN, redemptionsSide } from './token-store';

/**
 * How tokens pay payment requests: a token is spent whole, only at a merchant holding a
 * redemption condition for its collection, for one line item whose SKU the condition allows and
 * whose price is within the product's and the collection's maxValue, never after its expiry.
 */

/** What a redemption reads of a line item. */
interface RedeemableItem {
  name: string;
  sku?: string;
  qty: string;
  price?: string;
  [field: string]: unknown;
}

/** A token payment option's collections: which tokens can pay the request, for which line items. */
export type AcceptedCollection = {
  id: string;
  lineItems: RedeemableItem[];
};

/**
 * The highest price a product may be redeemed for: its own maxValue and its collection's, in the request's currency.
 */
function priceCap(product: AllowedProduct, collection: TokenCollection, currency: string): Amount | undefined | null {
  let cap: Amount | undefined;
  for (const max of [product.maxValue, collection.maxValue]) {
    if (!max) continue;
    if (max.currency !== currency) return null;
    cap = cap === undefined || BigInt(max.amount) < cap ? BigInt(max.amount) : cap;
  }
  return cap;
}

/** The line items a condition lets a token of the collection buy: allowed SKU, positive price within its cap. */
function redeemable(
  items: readonly RedeemableItem[],
  products: readonly AllowedProduct[],
  collection: TokenCollection,
  currency: string,
): RedeemableItem[] {
  return items.filter((item) => {
    const product = item.sku === undefined ? undefined : products.find((p) => p.sku === item.sku);
    if (!product || item.price === undefined || BigInt(item.price) <= 0n) return false;
    const cap = priceCap(product, collection, currency);
    return cap !== null && (cap === undefined || BigInt(item.price) <= cap);
  });
}

const highest = (items: readonly RedeemableItem[]) =>
  items.reduce<RedeemableItem | undefined>(
    (best, item) => (!best || BigInt(item.price!) > BigInt(best.price!) ? item : best),
    undefined,
  );

export interface TokenOptionInput {
  /** The merchant config's payment options. */
  options: readonly { type: string; collectionIds?: readonly string[] }[];
  merchantId: string;
  liveness: Liveness;
  value: { currency: string; amount: Amount };
  lineItems: readonly RedeemableItem[];
}

/**
 * A request's token payment options, one per token asset type the config accepts at its liveness:
 * the collections it accepts (the option's `collectionIds`, else every collection the merchant has
 * a redemption condition for) with the line items each can buy, and as `amount` the most one token
 * can pay. A collection without a condition here is listed with no line items: its tokens are refused.
 */
// A type, not an interface: payment options are open records.
export type TokenPaymentOption = {
  assetType: string;
  amount: string;
  acceptedCollections: AcceptedCollection[];
};

export async function tokenPaymentOptions(input: TokenOptionInput): Promise<TokenPaymentOption[]> {
  const tokenOptions = input.options.filter((o) => {
    const info = describeAssetType(o.type);
    return info?.kind === 'token' && info.liveness === input.liveness;
  });
  if (!tokenOptions.length) return [];
  const conditions = new Map((await listMerchantConditions(input.merchantId)).map((c) => [c.collectionId, c]));
  const options: TokenPaymentOption[] = [];
  for (const option of tokenOptions) {
    if (options.some((o) => o.assetType === option.type)) continue;
    const ids = option.collectionIds?.length ? option.collectionIds : [...conditions.keys()];
    const collections = await findCollections(ids);
    const accepted: AcceptedCollection[] = [];
    for (const id of ids) {
      const collection = collections.get(id);
      if (!collection || collection.test !== (input.liveness === 'test')) continue;
      const products = conditions.get(id)?.allowedProducts ?? [];
      accepted.push({ id, lineItems: redeemable(input.lineItems, products, collection, input.value.currency) });
    }
    const best = highest(accepted.flatMap((c) => c.lineItems));
    const amount = best ? (BigInt(best.price!) < input.value.amount ? BigInt(best.price!) : input.value.amount) : 0n;
    options.push({ assetType: option.type, amount: formatAmount(amount), acceptedCollections: accepted });
  }
  return options;
}

/** A spent token's side refuses as an unspendable asset; the payment option's type decides the rest. */
const TOKEN_SPEND_CODES: Partial<RuleCodes> = {
  missing: 'INACTIVE_ASSET',
  inactive: 'INACTIVE_ASSET',
  insufficient: 'INACTIVE_ASSET',
  currency: 'INVALID_ASSET_TYPE',
};

export interface RedemptionInput {
  assetId: string;
  assetType: string;
  /** The pay's option: its accepted collections. */
  acceptedCollections: readonly AcceptedCollection[];
  merchantId: string;
  /** The request's line items, and those the pay names (SKUs of the request's items), if it names some. */
  requestLineItems: readonly RedeemableItem[];
  /** Indexes of the request's line items earlier token payments bought: a line item is bought by one token only. */
  bought?: readonly number[];
  chosen?: readonly { sku?: string }[];
  currency: string;
  remaining: Amount;
  paymentRequestId: string;
  now: Date;
}

export interface Redemption {
  token: StoredToken;
  collectionId: string;
  lineItem: RedeemableItem;
  /** The line item's index among the request's. */
  lineItemIndex: number;
  /** What the token pays of the request: the line item's price, at most what remains. */
  amount: Amount;
  /** The one-unit transfer that spends the token, to be given its id. */
  transfer: (id: string) => TransferSpec;
}

/**
 * Plans spending a token on a request; `maySpend` checks the caller may spend the token's account
 * (it throws as the pay answers a refused spend). Each broken rule answers its code: an unknown
 * or foreign token is refused by `maySpend`; spent, held, archived or expired INACTIVE_ASSET;
 * another asset type INVALID_ASSET_TYPE; a collection the option does not accept, no condition at
 * this merchant, no allowed product or a price above its maxValue ASSET_REDEMPTION_DENIED.
 */
export async function planRedemption(
  input: RedemptionInput,
  maySpend: (accountId: string | undefined) => Promise<unknown>,
): Promise<Redemption> {
  const holding = await findToken(input.assetId);
  await maySpend(holding?.token.accountId);
  const { token, available } = holding!;
  if (token.status !== 'active' || available < ONE_TOKEN || isExpired(token, input.now))
    throw businessRule('INACTIVE_ASSET');
  if (token.type !== input.assetType) throw businessRule('INVALID_ASSET_TYPE');
  if (!input.acceptedCollections.some((c) => c.id === token.collectionId))
    throw businessRule('ASSET_REDEMPTION_DENIED');
  const [condition, collections] = await Promise.all([
    findMerchantCondition(token.collectionId, input.merchantId),
    findCollections([token.collectionId]),
  ]);
  const collection = collections.get(token.collectionId);
  if (!condition || !collection) throw businessRule('ASSET_REDEMPTION_DENIED');
  // A line item an earlier token bought is not for sale again: a second token would pay what the first bought.
  const open = input.requestLineItems
    .map((item, index) => ({ item, index }))
    .filter(({ index }) => !input.bought?.includes(index));
  const candidates = input.chosen?.length
    ? input.chosen.map((c) => open.find(({ item }) => item.sku !== undefined && item.sku === c.sku))
    : open;
  if (candidates.some((c) => c === undefined)) throw businessRule('ASSET_REDEMPTION_DENIED');
  const offered = candidates as { item: RedeemableItem; index: number }[];
  const lineItem = highest(
    redeemable(
      offered.map((c) => c.item),
      condition.allowedProducts,
      collection,
      input.currency,
    ),
  );
  if (!lineItem) throw businessRule('ASSET_REDEMPTION_DENIED');
  const lineItemIndex = offered.find((c) => c.item === lineItem)!.index;
  const price = BigInt(lineItem.price!);
  const amount = price < input.remaining ? price : input.remaining;
  return {
    token,
    collectionId: token.collectionId,
    lineItem,
    lineItemIndex,
    amount,
    transfer: (id) => ({
      id,
      kind: 'token-redemption',
      debit: { assetId: token.id, mode: 'single' },
      credit: redemptionsSide(token.collectionId),
      amount: ONE_TOKEN,
      currency: TOKEN_CURRENCY,
      liveness: token.liveness,
      refs: { paymentRequestId: input.paymentRequestId },
      debitCodes: TOKEN_SPEND_CODES,
    }),
  };
}

/**
 * Gives a spent token back (a refund or void of its payment): the whole unit returns from its
 * collection's redemptions to the token, which can be spent again while it has not expired.
 */
export const tokenReturn = (
  payment: { assetId: string; collectionId: string },
  id: string,
  refs: Record<string, string>,
): TransferSpec => ({
  id,
  kind: 'token-return',
  debit: redemptionsSide(payment.collectionId),
  credit: { assetId: payment.assetId, mode: 'single' },
  amount: ONE_TOKEN,
  currency: TOKEN_CURRENCY,
  refs,
  creditCodes: { missing: 'INACTIVE_ASSET', inactive: 'INACTIVE_ASSET' },
});
