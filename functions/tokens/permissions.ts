import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the tokens group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). `[collection-manager]`: the target account holds that subscription.
 * functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'collections:create': { flags: ['collection-manager'], roles: own('account-owner') },
  'collections:read': { flags: ['collection-manager'], roles: own('account-owner') },
  'redemption-conditions:create': { flags: ['collection-manager'], roles: own('account-owner') },
  'redemption-conditions:update': { flags: ['collection-manager'], roles: own('account-owner') },
  'tokens:create': { flags: ['collection-manager'], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
