import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the bank-accounts group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). The deprecated bank authorities use the same permissions.
 */
export const PERMISSIONS = {
  'bank-accounts:create': { flags: [], roles: own('account-owner') },
  'bank-accounts:read': { flags: [], roles: own('account-owner') },
  'bank-accounts:update': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
