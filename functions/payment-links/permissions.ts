import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the payment-links group owns. The matrix (https://docs.centrapay.com/api/auth) names none
 * for payment links: a merchant account's owners make and archive its links; the keys that take its
 * payments (owners, terminals, cashiers) read them. `[org]`: merchants are org accounts'.
 * functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'payment-links:create': { flags: ['org'], roles: own('account-owner') },
  'payment-links:read': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-links:update': { flags: ['org'], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
