/**
 * The roles and what a grant is. Every route names one permission; `account` grants apply to
 * resources of the caller's own account (and accounts it created); `global` grants apply to any
 * account's resources.
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

/** Roles a user may hold as a member of an account (docs/api/users-and-members.md), and an invitation may offer. */
export const MEMBER_ROLES = ['account-owner', 'cashier'] as const satisfies readonly Role[];

/**
 * `integration`: a grant the reference marks global that reaches only the merchants that let the
 * caller serve them: the caller's own accounts, and merchants whose active integration request
 * names the caller's account (Access.merchantAccount). A terminal can never create payment
 * requests on every merchant of the platform.
 */
export type Scope = 'account' | 'global' | 'integration';
/** Conditions on the target account (any one must hold). */
export type Flag = 'org' | 'trusted-user' | 'external-asset-issuer' | 'collection-manager';

export interface Grant {
  flags: readonly Flag[];
  roles: Partial<Record<GrantedRole, Scope>>;
}
/** The platform operator holds every permission; the matrix grants the other roles. */
type GrantedRole = Exclude<Role, 'platform-operator'>;

/**
 * Permissions and their grants: the roles → permissions matrix of https://docs.centrapay.com/api/auth. Each group
 * declares the rows of the permissions it owns (functions/<group>/permissions.ts); the platform
 * assembles them (functions/permissions.ts) and hands the whole matrix to authorization.
 */
export type PermissionMatrix = Readonly<Record<string, Grant>>;

/** The roles holding a permission on their own account's resources. */
export const own = (...roles: GrantedRole[]): Partial<Record<GrantedRole, Scope>> =>
  Object.fromEntries(roles.map((role) => [role, 'account' as Scope]));

/** The scope a role holds for a permission, or undefined when it holds none. */
export function scopeIn(permissions: PermissionMatrix, role: Role, permission: string): Scope | undefined {
  if (role === 'platform-operator') return 'global';
  return grantOf(permissions, permission).roles[role];
}

export function flagsIn(permissions: PermissionMatrix, permission: string): readonly Flag[] {
  return grantOf(permissions, permission).flags;
}

function grantOf(permissions: PermissionMatrix, permission: string): Grant {
  const grant = permissions[permission];
  if (!grant) throw new Error(`no group grants the permission ${permission}`);
  return grant;
}
