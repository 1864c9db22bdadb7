import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the sales-channels group owns. The matrix (https://docs.centrapay.com/api/auth) names none
 * for sales channels: they are set up by an org account's owners, like the account's other
 * onboarding records (`[org]`: the target account is an org). functions/permissions.ts assembles
 * every group's.
 */
export const PERMISSIONS = {
  'sales-channels:create': { flags: ['org'], roles: own('account-owner') },
  'sales-channels:read': { flags: ['org'], roles: own('account-owner') },
  // A merchant's owners join it to a sales channel (any account's: a channel is offered to every merchant).
  'sales-channel-memberships:create': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
