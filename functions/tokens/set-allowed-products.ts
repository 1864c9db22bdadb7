import type { FromSchema } from 'json-schema-to-ts';
import type { setAllowedProductsBody } from './schemas';
import { retryOnConflict } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { checkAllowedProducts } from './allowed-products';
import { loadCollection } from './load-collection';
import { findRedemptionCondition, replaceAllowedProducts } from './redemption-store';

type Body = FromSchema<typeof setAllowedProductsBody>;

/** Replaces a condition's allowed products (conditional on the version read; retried on conflict). */
export const setAllowedProducts = authedOperation<Body>(async (request) => {
  const { body, params, auth, now } = request;
  const collection = await loadCollection(request, params.collectionId);
  const allowedProducts = checkAllowedProducts(body.allowedProducts, collection);
  return retryOnConflict(async () => {
    const condition = await findRedemptionCondition(params.redemptionConditionId);
    if (!condition || condition.collectionId !== collection.id) throw forbidden();
    return replaceAllowedProducts(condition, allowedProducts, auth.principal.crn, now);
  });
});
