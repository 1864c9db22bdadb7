import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the asset-transfers group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). `[trusted-user]` `[external-asset-issuer]`: either holds (API keys
 * count as trusted users). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'asset-transfers:create': {
    flags: ['trusted-user', 'external-asset-issuer'],
    roles: own('account-owner', 'external-asset-provider'),
  },
  'asset-transfers:read': { flags: [], roles: own('account-owner', 'external-asset-provider') },
  'asset-transfers:claim': { flags: [], roles: own('account-owner', 'external-asset-provider') },
  // Operator-only: the verification a user's sign-in does, which the specification leaves to the service.
  'aliases:verify': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
