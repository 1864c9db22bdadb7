import type { AllowedProduct, TokenCollection } from './entities';
import { badRequest, businessRule } from '../core/errors/classes';
import { parseAmount } from '../core/money';

/**
 * Allowed products as stored (declared fields only), checked against the collection: every
 * `maxValue` is positive, in the collection's currency and not above its `maxValue`
 * (INVALID_AMOUNT); SKUs are unique.
 */
export function checkAllowedProducts(products: AllowedProduct[], collection: TokenCollection): AllowedProduct[] {
  const skus = new Set<string>();
  return products.map((product, index) => {
    if (skus.has(product.sku)) throw badRequest(`allowedProducts.${index}.sku is repeated`);
    skus.add(product.sku);
    if (product.maxValue) {
      const amount = parseAmount(`allowedProducts.${index}.maxValue.amount`, product.maxValue.amount);
      const cap = collection.maxValue;
      if (amount <= 0n) throw businessRule('INVALID_AMOUNT');
      if (cap && (cap.currency !== product.maxValue.currency || amount > BigInt(cap.amount)))
        throw businessRule('INVALID_AMOUNT');
    }
    return {
      sku: product.sku,
      ...(product.name ? { name: product.name } : {}),
      ...(product.maxValue
        ? { maxValue: { currency: product.maxValue.currency, amount: product.maxValue.amount } }
        : {}),
    };
  });
}
