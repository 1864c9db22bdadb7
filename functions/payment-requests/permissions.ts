import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the payment-requests group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). The legacy API's routes use them too. functions/permissions.ts
 * assembles every group's.
 */
export const PERMISSIONS = {
  'payment-conditions:approve': { flags: [], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:cancel': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:create': {
    flags: ['org'],
    roles: { 'account-owner': 'account', 'merchant-terminal': 'integration', cashier: 'account' },
  },
  'payment-requests:pay': {
    flags: ['org'],
    roles: { 'account-owner': 'global', 'anon-consumer': 'global', 'merchant-terminal': 'account', cashier: 'global' },
  },
  'payment-requests:read': {
    flags: [],
    roles: { 'account-owner': 'global', 'anon-consumer': 'global', 'merchant-terminal': 'global', cashier: 'global' },
  },
  'payment-requests:read-by-shortcode': { flags: [], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:refund': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:void': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:release': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'payment-requests:confirm': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
} as const satisfies Record<string, Grant>;
