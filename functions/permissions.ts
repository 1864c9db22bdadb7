/**
 * The roles → permissions matrix: every group's grants together (core/auth/permissions.ts says what
 * a grant is). Every route names one permission from here.
 */
import { flagsIn, scopeIn, type Role } from './core/auth/permissions';
import { assembled } from './registry';

export const PERMISSIONS = assembled('permissions');

export type Permission = keyof typeof PERMISSIONS & string;

/** The scope a role holds for a permission, or undefined when it holds none; the operator holds all, globally. */
export const scopeOf = (role: Role, permission: Permission) => scopeIn(PERMISSIONS, role, permission);

export const flagsOf = (permission: Permission) => flagsIn(PERMISSIONS, permission);
