import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the payment-activities group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'payment-activities:read': { flags: [], roles: own('account-owner', 'merchant-terminal', 'cashier') },
} as const satisfies Record<string, Grant>;
