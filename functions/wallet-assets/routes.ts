import type { RouteSpec } from '../core/http/route';

/** The wallet-assets group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/wallet-assets',
    operation: 'createWalletAsset',
    permission: 'wallet-assets:create',
    authentication: 'apiKey',
    body: 'CreateWalletAssetBody',
    response: 'WalletAsset',
    summary: 'Create a money wallet asset (optionally a settlement wallet)',
  },
  {
    method: 'GET',
    path: '/api/wallet-assets',
    operation: 'listWalletAssets',
    permission: 'wallet-assets:read',
    authentication: 'apiKey',
    query: 'ListWalletAssetsQuery',
    response: 'WalletAssetList',
    summary: "List the caller's wallet assets with their balances",
  },
  {
    method: 'GET',
    path: '/api/assets/{assetId}',
    operation: 'getAsset',
    permission: 'assets:read',
    authentication: 'apiKey',
    response: 'WalletAsset',
    summary: 'Get an asset with its balance',
  },
  {
    method: 'GET',
    path: '/api/wallets/{walletId}/transactions',
    operation: 'listWalletTransactions',
    permission: 'wallet-assets:read',
    authentication: 'apiKey',
    query: 'WalletTransactionsQuery',
    response: 'WalletTransactionPage',
    summary: 'Ledger history of a wallet asset, newest first',
  },
  {
    method: 'POST',
    path: '/api/wallet-assets/{assetId}/test-topups',
    operation: 'createTestTopup',
    permission: 'wallet-assets:deposit',
    authentication: 'apiKey',
    body: 'TestTopupBody',
    response: 'TestTopup',
    summary: 'Fund a test wallet asset instantly with test money (idempotent)',
  },
] as const satisfies readonly RouteSpec[];
