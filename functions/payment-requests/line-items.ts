import { lineItem } from './schemas';
import { badRequest } from '../core/errors/classes';
import type { Amount } from '../core/money';
import { declaredOnly } from '../core/validation/declared-only';

export interface LineItemInput {
  name: string;
  qty: string;
  price?: string;
  unitPrice?: string;
  [field: string]: unknown;
}

const SIGNED_INTEGER = /^-?(0|[1-9][0-9]{0,17})$/;
const QUANTITY = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,6})?$/;
const QTY_SCALE = 1_000_000n;

/**
 * Resolves each item's `price`: `price` is used as given; with only `unitPrice`, price =
 * unitPrice × qty (rounded half away from zero to the smallest unit); with both, `price` wins
 * unchecked (docs/conformance.md). Returns the items, with only the fields a line item declares (they are
 * stored), with `price` filled in, their total, and their total less each item's `discount`
 * (what a refund of discounted items gives back, as the docs' refund example sums them).
 */
export function resolveLineItems(items: LineItemInput[]): {
  items: LineItemInput[];
  total: Amount;
  discountedTotal: Amount;
} {
  let total = 0n;
  let discounts = 0n;
  const resolved = items.map((item, index) => {
    const field = `lineItems.${index}`;
    if (!QUANTITY.test(item.qty)) throw badRequest(`${field}.qty must be a non-negative decimal string`);
    let price: Amount;
    if (item.price !== undefined) {
      if (!SIGNED_INTEGER.test(item.price)) throw badRequest(`${field}.price must be an integer amount`);
      price = BigInt(item.price);
    } else if (item.unitPrice !== undefined) {
      if (!SIGNED_INTEGER.test(item.unitPrice)) throw badRequest(`${field}.unitPrice must be an integer amount`);
      price = multiply(BigInt(item.unitPrice), item.qty);
    } else {
      throw badRequest(`${field}.price or ${field}.unitPrice is required`);
    }
    total += price;
    if (typeof item.discount === 'string') discounts += BigInt(item.discount);
    return { ...declaredOnly(lineItem, item), price: price.toString() };
  });
  return { items: resolved, total, discountedTotal: total - discounts };
}

function multiply(unitPrice: Amount, qty: string): Amount {
  const [whole, fraction = ''] = qty.split('.');
  const scaledQty = BigInt(whole) * QTY_SCALE + BigInt(fraction.padEnd(6, '0'));
  const product = unitPrice * scaledQty;
  const half = QTY_SCALE / 2n;
  return product >= 0n ? (product + half) / QTY_SCALE : -((-product + half) / QTY_SCALE);
}
