import { groupHandler } from '../group-lambda';
import { createCollection } from './create-collection';
import { createRedemptionCondition } from './create-redemption-condition';
import { createToken } from './create-token';
import { listCollections } from './list-collections';
import { setAllowedProducts } from './set-allowed-products';

export const handler = groupHandler('tokens', {
  createCollection,
  listCollections,
  createRedemptionCondition,
  setAllowedProducts,
  createToken,
});
