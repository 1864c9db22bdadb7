/**
 * A group's Lambda entry (its handler.ts): core's group handler given the group's routes, the whole
 * permission matrix and the accounts group's directory, which core, knowing no group, cannot import.
 */
import { accountDirectory } from './accounts';
import { createGroupHandler, type GroupHandler } from './core/http/group-handler';
import type { Operation } from './core/http/operation';
import { PERMISSIONS } from './permissions';
import { ROUTES, type Group, type OperationName } from './routes';

export function groupHandler<G extends Group>(group: G, operations: Record<OperationName<G>, Operation>): GroupHandler {
  return createGroupHandler({ routes: ROUTES.filter((route) => route.group === group), operations, permissions: PERMISSIONS, accounts: accountDirectory });
}
