import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the events group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). `events:read` (listing an account's events) is ours: the matrix names no
 * reading of events, and the account owner who records them reads them.
 */
export const PERMISSIONS = {
  'events:create': { flags: [], roles: own('account-owner') },
  'events:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
