import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the promotions group owns. The matrix (https://docs.centrapay.com/api/auth) has no rows
 * for them; they follow the loyalty-program rows: a program's owner (an org's account owner) makes and reads its
 * promotions, and a member account's owner reads its own progress (of any account type: patrons join as individuals).
 */
export const PERMISSIONS = {
  'promotions:create': { flags: ['org'], roles: own('account-owner') },
  'promotions:read': { flags: ['org'], roles: own('account-owner') },
  'promotion-memberships:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
