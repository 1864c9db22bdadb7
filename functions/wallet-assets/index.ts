/** The wallet-assets group's public face: what other groups and the local seed may use of it. */
export { findWalletAsset, insertWalletAsset, queryWalletAssets, settlementSide, type WalletAsset } from './asset-store';
export { moveWalletListingEntries } from './listing-migration';
export { issueTestFunds } from './test-funds';
export { spendAccess } from './spend';
