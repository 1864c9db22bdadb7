import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the patron-codes group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'patron-codes:create': { flags: [], roles: own('account-owner') },
  'patron-codes:read': { flags: [], roles: own('account-owner', 'merchant-terminal', 'cashier') },
} as const satisfies Record<string, Grant>;
