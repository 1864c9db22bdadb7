/** The tokens group's public face: what other groups may use of it. */
export type { StoredToken } from './entities';
export { findCollections } from './collection-store';
export { findMerchantCollections } from './merchant-collections';
export {
  accountTokensBefore,
  accountTokensByExternalId,
  archiveToken,
  findToken,
  isExpired,
  presentToken,
  receivedTokenItem,
  tokenAssetType,
  tokenIssueSteps,
} from './token-store';
export {
  planRedemption,
  tokenPaymentOptions,
  tokenReturn,
  type AcceptedCollection,
  type Redemption,
} from './redemption';
