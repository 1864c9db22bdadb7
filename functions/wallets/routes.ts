import type { RouteSpec } from '../core/http/route';

/** The wallets group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/wallets', operation: 'createWallet',
    permission: 'accounts:update', authentication: 'apiKey', body: 'CreateWalletBody', response: 'Wallet',
    summary: 'Register a consumer wallet app and the asset types it pays with',
  },
] as const satisfies readonly RouteSpec[];
