/**
 * A group's Lambda entry (its handler.ts): core's group handler given the group's own routes, its
 * build output (functions/generated/<group>.js: its name, the precompiled validators of its request
 * schemas and the rows of the permission matrix its routes name), the accounts group's directory and
 * the integration-requests group's, which core, knowing no group, cannot import. Only Lambda entries
 * import this module, and it imports neither the registry nor a table assembled from it, so each
 * group's bundle carries only its own routes, schemas and grants, and no group reaches the registry.
 */
import { accountDirectory } from '../accounts';
import { integrationDirectory } from '../integration-requests';
import { createGroupHandler, type GroupHandler } from '../core/http/group-handler';
import type { Operation } from '../core/http/operation';
import type { RouteSpec } from '../core/http/route';
import type { PermissionMatrix } from '../core/auth/permissions';
import type { Validators } from '../core/validation/validate';

export interface GroupBuild<G extends string> {
  group: G;
  validators: Validators;
  permissions: PermissionMatrix;
}

/** Operation names come from the group's own routes, so a missing or unknown operation is a type error. */
export function groupHandler<G extends string, R extends readonly RouteSpec[]>(
  group: G,
  routes: R,
  build: GroupBuild<NoInfer<G>>,
  operations: Record<R[number]['operation'], Operation>,
): GroupHandler {
  if (!Array.isArray(routes) || !operations || build.group !== group) {
    throw new Error(
      `functions/${group}/handler.ts: call groupHandler('${group}', ROUTES, build, operations), ` +
        `build being '../generated/${group}' (docs/architecture.md, Layout)`,
    );
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
