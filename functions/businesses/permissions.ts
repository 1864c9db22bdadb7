import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the businesses group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). Setting the onboarding status takes the update permission, as merchants' does.
 * `company-register:read` is ours (the matrix names none for the register): the national register is
 * public and no account's, so the grant is global, for the account owners who onboard businesses.
 */
export const PERMISSIONS = {
  'business:create': { flags: [], roles: own('account-owner') },
  'business:update': { flags: [], roles: own('account-owner') },
  'business:read': { flags: [], roles: own('account-owner') },
  // Onboarding requests are made and read on the requesting account (https://docs.centrapay.com/api/onboarding).
  'business:onboard': { flags: [], roles: own('account-owner') },
  'company-register:read': { flags: [], roles: { 'account-owner': 'global' } },
} as const satisfies Record<string, Grant>;
