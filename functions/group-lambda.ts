/**
 * A group's Lambda entry (its handler.ts): core's group handler given the group's own routes, its
 * build output (functions/generated/<group>.js: the precompiled validators of its request schemas
 * and the rows of the permission matrix its routes name), the accounts group's directory and the
 * integration-requests group's, which core, knowing no group, cannot import. Nothing of the other groups' routes, schemas or grants is
 * imported, so each group's bundle carries only its own (types are imported as types only).
 */
import { accountDirectory } from './accounts';
import { integrationDirectory } from './integration-requests';
import { createGroupHandler, type GroupHandler } from './core/http/group-handler';
import type { Operation } from './core/http/operation';
import type { RouteSpec } from './core/http/route';
import type { PermissionMatrix } from './core/auth/permissions';
import type { Validators } from './core/validation/validate';
import type { Group, OperationName } from './routes';

export interface GroupBuild {
  validators: Validators;
  permissions: PermissionMatrix;
}

export function groupHandler<G extends Group>(
  group: G,
  routes: readonly RouteSpec[],
  build: GroupBuild,
  operations: Record<OperationName<G>, Operation>,
): GroupHandler {
  if (!Array.isArray(routes) || !operations) {
    throw new Error(`functions/${group}/handler.ts: call groupHandler('${group}', ROUTES, build, operations), build being '../generated/${group}' (docs/architecture.md, Layout)`);
  }
  return createGroupHandler({
    routes: routes.map((route) => ({ ...route, group })),
    operations,
    validators: build.validators,
    permissions: build.permissions,
    accounts: accountDirectory,
    integrations: integrationDirectory,
  });
}
