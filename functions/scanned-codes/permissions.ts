import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permission the scanned-codes group owns: its row of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth: `scanned-code:decode`, the merchant's roles).
 */
export const PERMISSIONS = {
  'scanned-code:decode': { flags: [], roles: own('account-owner', 'merchant-terminal', 'cashier') },
} as const satisfies Record<string, Grant>;
