/**
 * The roles → permissions matrix: the one place access rules live. Every route names one
 * permission from here. `account` grants apply to resources of the caller's own account (and
 * accounts it created); `global` grants apply to any account's resources.
 */
export const ROLES = [
  'account-owner',
  'anon-consumer',
  'merchant-terminal',
  'external-asset-provider',
  'cashier',
  'platform-operator',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles an account owner may give to API keys; `platform-operator` is only made by the admin command. */
export const API_KEY_ROLES = ['account-owner', 'merchant-terminal'] as const satisfies readonly Role[];

/**
 * `integration`: a grant the reference marks global that reaches only the merchants that let the
 * caller serve them: the caller's own accounts, and (once integration requests exist) merchants
 * whose active integration names the caller's account. A terminal can never create payment
 * requests on every merchant of the platform.
 */
export type Scope = 'account' | 'global' | 'integration';
/** Conditions on the target account (any one must hold). */
export type Flag = 'org' | 'trusted-user' | 'external-asset-issuer' | 'collection-manager';

interface Grant {
  flags: readonly Flag[];
  roles: Partial<Record<Exclude<Role, 'platform-operator'>, Scope>>;
}

const AO = 'account-owner';
const AC = 'anon-consumer';
const MT = 'merchant-terminal';
const EAP = 'external-asset-provider';
const C = 'cashier';
const own = (...roles: (typeof AO | typeof AC | typeof MT | typeof EAP | typeof C)[]) =>
  Object.fromEntries(roles.map((r) => [r, 'account' as Scope]));

export const PERMISSIONS = {
  'accounts:create': { flags: [], roles: own(AO) },
  'accounts:read': { flags: [], roles: own(AO, EAP, C) },
  'accounts:update': { flags: [], roles: own(AO) },
  'api-keys:create': { flags: [], roles: own(AO) },
  'api-keys:list': { flags: [], roles: own(AO) },
  'api-keys:update': { flags: [], roles: own(AO) },
  'asset-transfers:claim': { flags: [], roles: own(AO, EAP) },
  'asset-transfers:create': { flags: ['trusted-user', 'external-asset-issuer'], roles: own(AO, EAP) },
  'asset-transfers:read': { flags: [], roles: own(AO, EAP) },
  'assets:read': { flags: [], roles: own(AO, EAP) },
  'assets:spend': { flags: ['trusted-user'], roles: own(AO) },
  'bank-account-approvals:create': { flags: [], roles: own(AO) },
  'bank-account-requests:authorize': { flags: [], roles: own(AO) },
  'bank-account-requests:create': { flags: [], roles: own(AO) },
  'bank-accounts:create': { flags: [], roles: own(AO) },
  'bank-accounts:read': { flags: [], roles: own(AO) },
  'bank-accounts:update': { flags: [], roles: own(AO) },
  'business:create': { flags: [], roles: own(AO) },
  'business:update': { flags: [], roles: own(AO) },
  'business:read': { flags: [], roles: own(AO) },
  'collections:create': { flags: ['collection-manager'], roles: own(AO) },
  'collections:read': { flags: ['collection-manager'], roles: own(AO) },
  'events:create': { flags: [], roles: own(AO) },
  'external-assets:create': { flags: ['trusted-user', 'external-asset-issuer'], roles: own(AO, EAP) },
  'external-assets:update': { flags: [], roles: own(AO, EAP) },
  'integration-requests:configure': { flags: [], roles: {} },
  'integration-requests:create': { flags: ['org'], roles: own(AO) },
  'integration-requests:read': { flags: ['org'], roles: own(AO) },
  'invitations:accept': { flags: [], roles: { [AO]: 'global' } },
  'invitations:read': { flags: [], roles: { [AO]: 'global' } },
  'media-uploads:create': { flags: [], roles: own(AO) },
  'memberships:delete': { flags: ['org'], roles: own(AO) },
  'memberships:update': { flags: [], roles: own(AO) },
  'merchants:create': { flags: ['org'], roles: own(AO) },
  'merchants:list': { flags: ['org'], roles: own(AO, C) },
  'merchants:read': { flags: ['org'], roles: own(AO, C) },
  'merchants:update': { flags: ['org'], roles: own(AO) },
  'loyalty-programs:create': { flags: ['org'], roles: own(AO) },
  'loyalty-programs:read': { flags: ['org'], roles: own(AO) },
  'patron-codes:create': { flags: [], roles: own(AO) },
  'patron-codes:read': { flags: [], roles: own(AO, MT, C) },
  'payment-activities:read': { flags: [], roles: own(AO, MT, C) },
  'payment-conditions:approve': { flags: [], roles: own(AO, MT, C) },
  'payment-requests:cancel': { flags: ['org'], roles: own(AO, MT, C) },
  'payment-requests:create': { flags: ['org'], roles: { [AO]: 'account', [MT]: 'integration', [C]: 'account' } },
  'payment-requests:pay': { flags: ['org'], roles: { [AO]: 'global', [AC]: 'global', [MT]: 'account', [C]: 'global' } },
  'payment-requests:read': { flags: [], roles: { [AO]: 'global', [AC]: 'global', [MT]: 'global', [C]: 'global' } },
  'payment-requests:read-by-shortcode': { flags: [], roles: own(AO, MT, C) },
  'payment-requests:refund': { flags: ['org'], roles: own(AO, MT, C) },
  'payment-requests:void': { flags: ['org'], roles: own(AO, MT, C) },
  'payment-requests:release': { flags: ['org'], roles: own(AO, MT, C) },
  'payment-requests:confirm': { flags: ['org'], roles: own(AO, MT, C) },
  'quotas:read': { flags: [], roles: own(AO) },
  'redemption-conditions:create': { flags: ['collection-manager'], roles: own(AO) },
  'redemption-conditions:update': { flags: ['collection-manager'], roles: own(AO) },
  'scanned-code:decode': { flags: [], roles: own(AO, MT, C) },
  'tokens:create': { flags: ['collection-manager'], roles: own(AO) },
  'topups:read': { flags: [], roles: own(AO) },
  'wallet-assets:create': { flags: [], roles: own(AO) },
  'wallet-assets:deposit': { flags: [], roles: own(AO) },
  'wallet-assets:read': { flags: [], roles: own(AO) },
  'wallet-assets:transfer': { flags: ['trusted-user'], roles: own(AO) },
  'wallet-assets:withdraw': { flags: [], roles: own(AO) },
  'asset-program-memberships:accept': { flags: [], roles: own(AO) },
  'asset-program-memberships:approve': { flags: [], roles: own(AO) },
  'business:onboard': { flags: [], roles: own(AO) },
  'webhooks:read': { flags: [], roles: own(AO) },
  // Operator-only: what the specification leaves to the service itself.
  'accounts:manage-subscriptions': { flags: [], roles: {} },
  'accounts:manage-limits': { flags: [], roles: {} },
  // Webhook endpoints are registered through support, not self-service.
  'webhooks:manage': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * The scope a role holds for a permission, or undefined when it holds none.
 * The platform operator holds every permission globally.
 */
export function scopeOf(role: Role, permission: Permission): Scope | undefined {
  if (role === 'platform-operator') return 'global';
  const roles: Grant['roles'] = PERMISSIONS[permission].roles;
  return roles[role];
}

export function flagsOf(permission: Permission): readonly Flag[] {
  return PERMISSIONS[permission].flags;
}
