import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the batches group owns. The matrix (https://docs.centrapay.com/api/auth) names none for
 * batches: they are ours, the account owner's, as are the media uploads a batch reads and the
 * businesses and merchants it creates.
 */
export const PERMISSIONS = {
  'batches:create': { flags: [], roles: own('account-owner') },
  'batches:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
