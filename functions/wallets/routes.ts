import type { RouteSpec } from '../core/http/route';

/** The wallets group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/wallets',
    operation: 'createWallet',
    permission: 'accounts:update',
    authentication: 'apiKey',
    body: 'CreateWalletBody',
    response: 'Wallet',
    summary: 'Register a consumer wallet app and the asset types it pays with',
  },
  {
    method: 'PUT',
    path: '/api/wallets/{walletAppId}/approval',
    operation: 'setWalletApproval',
    permission: 'wallets:approve',
    authentication: 'apiKey',
    body: 'WalletApprovalBody',
    response: 'Wallet',
    summary:
      'Platform operator: approve a wallet app (or withdraw the approval), listing it on every ' +
      "connection's connect page",
  },
] as const satisfies readonly RouteSpec[];
