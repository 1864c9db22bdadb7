import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the quotas group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth: `quotas:read`, account owners). Setting limits is the operator's: the matrix
 * names no such permission, and an account must not raise its own limits.
 */
export const PERMISSIONS = {
  'quotas:read': { flags: [], roles: own('account-owner') },
  'quotas:manage-limits': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
