import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the merchants group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). The merchant-configs routes use them too. functions/permissions.ts assembles
 * every group's.
 */
export const PERMISSIONS = {
  'merchants:create': { flags: ['org'], roles: own('account-owner') },
  'merchants:list': { flags: ['org'], roles: own('account-owner', 'cashier') },
  'merchants:read': { flags: ['org'], roles: own('account-owner', 'cashier') },
  'merchants:update': { flags: ['org'], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
