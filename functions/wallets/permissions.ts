import type { Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the wallets group owns. Registering a wallet app takes `accounts:update`
 * (the accounts group's). Approving one, which lists it on every connect page, is the platform
 * operator's alone: no role is granted it.
 */
export const PERMISSIONS = {
  'wallets:approve': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
