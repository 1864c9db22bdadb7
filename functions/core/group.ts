import type { PermissionMatrix } from './auth/permissions';
import type { RouteSpec } from './http/route';
import type { GroupInfrastructure } from './infrastructure';

/**
 * What an endpoint group declares (its group.ts) for the platform to assemble: the route table,
 * the schema map, the permission matrix and the stack are built from the groups listed in
 * functions/registry.ts. Data only, so assembling never loads a group's operations.
 */
export interface GroupDefinition {
  /** Its folder under functions/; its Lambda entry is functions/lambda/<name>.ts. */
  name: string;
  routes: readonly RouteSpec[];
  /** JSON Schemas by id: validators, types and the OpenAPI document come from them. */
  schemas: Readonly<Record<string, object>>;
  /** Grants of the permissions it owns; its routes may also name other groups' permissions. */
  permissions: PermissionMatrix;
  infrastructure?: GroupInfrastructure;
}
