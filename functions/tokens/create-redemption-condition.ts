import type { FromSchema } from 'json-schema-to-ts';
import type { createRedemptionConditionBody } from './schemas';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findMerchant } from '../merchants';
import { checkAllowedProducts } from './allowed-products';
import { loadCollection } from './load-collection';
import { insertRedemptionCondition } from './redemption-store';

type Body = FromSchema<typeof createRedemptionConditionBody>;

/**
 * The merchant's terms for redeeming a product collection's tokens: which products (by SKU) up to
 * what value. One per collection and merchant; the merchant may be any account's (the issuer
 * agrees them with the merchant), of the collection's liveness.
 */
export const createRedemptionCondition = authedOperation<Body>(async (request) => {
  const { body, params, auth, now } = request;
  const collection = await loadCollection(request, params.collectionId);
  if (collection.type !== 'product') throw businessRule('COLLECTION_INVALID_TYPE');
  const merchant = await findMerchant(body.merchantId);
  if (!merchant) throw forbidden();
  if (merchant.test !== collection.test) throw businessRule('LIVENESS_MISMATCH');
  const allowedProducts = checkAllowedProducts(body.allowedProducts, collection);
  return insertRedemptionCondition(
    { collectionId: collection.id, merchantId: merchant.id, allowedProducts },
    auth.principal.crn,
    now,
  );
});
