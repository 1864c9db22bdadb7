/** The tokens group's public face: what other groups may use of it. */
export type { StoredToken, Token, TokenCollection } from './entities';
export { findCollection, findCollections } from './collection-store';
export { findMerchantCollections } from './merchant-collections';
export { findToken, isExpired, presentToken, receivedTokenItem, type TokenHolding } from './token-store';
export {
  planRedemption,
  tokenPaymentOptions,
  tokenReturn,
  type AcceptedCollection,
  type Redemption,
} from './redemption';
