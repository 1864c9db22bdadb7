import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the loyalty-programs group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). `[org]`: the target account is an org. Changing a program (activate,
 * visibility) takes the create permission, the matrix naming no other. functions/permissions.ts
 * assembles every group's. The matrix has no row for joining: an account owner joins with its own account, of
 * any type (patrons join as individuals).
 */
export const PERMISSIONS = {
  'loyalty-programs:create': { flags: ['org'], roles: own('account-owner') },
  'loyalty-programs:read': { flags: ['org'], roles: own('account-owner') },
  'loyalty-program-memberships:create': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
