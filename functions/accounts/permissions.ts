import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the accounts group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'accounts:create': { flags: [], roles: own('account-owner') },
  'accounts:read': { flags: [], roles: own('account-owner', 'external-asset-provider', 'cashier') },
  'accounts:update': { flags: [], roles: own('account-owner') },
  'api-keys:create': { flags: [], roles: own('account-owner') },
  'api-keys:list': { flags: [], roles: own('account-owner') },
  'api-keys:update': { flags: [], roles: own('account-owner') },
  // Users' memberships (the public matrix's rows; `memberships:read` and `account-memberships:read` are ours:
  // members' emails are the owner's to see, while every caller may see its own memberships).
  'memberships:update': { flags: [], roles: own('account-owner') },
  'memberships:delete': { flags: ['org'], roles: own('account-owner') },
  'memberships:read': { flags: [], roles: own('account-owner') },
  'account-memberships:read': {
    flags: [],
    roles: own('account-owner', 'anon-consumer', 'merchant-terminal', 'external-asset-provider', 'cashier'),
  },
  // Profiles (named on the public profiles page, not in its matrix): every user updates their own, whatever role they
  // act in; owners read those of their accounts' members.
  'profiles:update': {
    flags: [],
    roles: own('account-owner', 'anon-consumer', 'merchant-terminal', 'external-asset-provider', 'cashier'),
  },
  'profiles:read': { flags: [], roles: own('account-owner') },
  // Operator-only: what the specification leaves to the service itself.
  'accounts:manage-subscriptions': { flags: [], roles: {} },
  'accounts:manage-limits': { flags: [], roles: {} },
  // Moving a test account's time (test clocks) is the operator's, like its other settings.
  'accounts:manage-test-clock': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
