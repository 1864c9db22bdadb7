/**
 * THE route table: every group's routes (functions/<group>/routes.ts), each with its group. The CDK
 * stack (one Lambda per group, one API route per entry), the local gateway, the OpenAPI document and
 * the route-driven tests all derive from it.
 * Adding an endpoint = one entry in its group's routes.ts + one operation module + its schemas.
 */
import type { Route as RouteOf } from './core/http/route';
import type { Permission } from './permissions';
import { REGISTRY } from './registry';
import type { SchemaId } from './schemas';

type Definition = (typeof REGISTRY)[number];
export type Group = Definition['name'];
export const GROUPS: readonly Group[] = REGISTRY.map((group) => group.name);

/** A group's entries with their group. */
type EntriesOf<D> = D extends { name: infer G; routes: readonly (infer R)[] } ? R & { group: G } : never;

/** A route of the table; its permission and schema names are checked against every group's. */
export type Route = RouteOf<Group, Permission, SchemaId>;

export const ROUTES: readonly Route[] = REGISTRY.flatMap(entriesOf);

function entriesOf<D extends Definition>(definition: D): EntriesOf<D>[] {
  return definition.routes.map((route) => ({ ...route, group: definition.name })) as EntriesOf<D>[];
}
