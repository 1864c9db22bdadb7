import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the funds-transfers group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). Top ups are created and aborted under wallet-assets:deposit, and
 * withdrawals made and read under wallet-assets:withdraw, both the wallet-assets group's.
 */
export const PERMISSIONS = {
  'topups:read': { flags: [], roles: own('account-owner') },
  'wallet-assets:withdraw': { flags: [], roles: own('account-owner') },
  // Operator-only: what a real bank would report; the simulator is the only bank behind the port.
  'bank-simulator:report': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
