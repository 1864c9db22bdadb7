import type { RouteSpec } from '../core/http/route';

/** The asset-transfers group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/asset-transfers', operation: 'createAssetTransfer',
    permission: 'asset-transfers:create', alsoNeeds: ['assets:spend'], authentication: 'apiKey', body: 'CreateAssetTransferBody', response: 'AssetTransfer',
    summary: 'Send money (in part) or a token (whole) to a recipient alias or a claim page; the value is held until claimed',
  },
  {
    method: 'GET', path: '/api/asset-transfers', operation: 'listAssetTransfers',
    permission: 'asset-transfers:read', authentication: 'apiKey', query: 'AssetTransfersQuery', response: 'AssetTransferPage',
    labels: ['experimental'], summary: 'Transfers an account sent or received, newest first',
  },
  {
    method: 'GET', path: '/api/asset-transfers/{assetTransferId}', operation: 'getAssetTransfer',
    permission: 'asset-transfers:read', authentication: 'apiKey', response: 'AssetTransfer', summary: 'Get an asset transfer',
  },
  {
    method: 'GET', path: '/api/asset-transfers/{assetTransferId}/summary', operation: 'getAssetTransferSummary',
    permission: null, authentication: 'none', response: 'AssetTransferSummary', summary: "An asset transfer's claim page summary (no authentication)",
  },
  {
    method: 'POST', path: '/api/asset-transfers/{assetTransferId}/claim', operation: 'claimAssetTransfer',
    permission: 'asset-transfers:claim', authentication: 'apiKey', response: 'AssetTransfer',
    labels: ['experimental'], summary: "Claim a transfer sent without a recipient into the caller's account",
  },
  {
    method: 'POST', path: '/api/asset-transfers/{assetTransferId}/cancel', operation: 'cancelAssetTransfer',
    permission: 'asset-transfers:create', alsoNeeds: ['assets:spend'], authentication: 'apiKey', response: 'AssetTransfer',
    summary: 'Cancel an open asset transfer (its sender)',
  },
  {
    method: 'POST', path: '/api/me/resolve-claimable-assets', operation: 'resolveClaimableAssets',
    permission: 'asset-transfers:claim', authentication: 'apiKey', response: 'ClaimableAssetsResolved',
    labels: ['experimental'], summary: "Complete into the caller's account the transfers sent to its verified aliases before it signed up",
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/verified-aliases', operation: 'verifyAlias',
    permission: 'aliases:verify', authentication: 'apiKey', body: 'VerifiedAliasBody', response: 'VerifiedAlias',
    summary: 'Record a phone number or email verified for an account (platform operator)',
  },
] as const satisfies readonly RouteSpec[];
