import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the wallet-assets group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). `assets:spend` guards what moves value out of an asset (spend.ts),
 * archiving one included (it takes the asset's value out of use).
 * functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'assets:read': { flags: [], roles: own('account-owner', 'external-asset-provider') },
  'assets:spend': { flags: ['trusted-user'], roles: own('account-owner') },
  'assets:archive': { flags: [], roles: own('account-owner') },
  'wallet-assets:create': { flags: [], roles: own('account-owner') },
  'wallet-assets:deposit': { flags: [], roles: own('account-owner') },
  'wallet-assets:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
