import type { GroupInfrastructure } from '../core/infrastructure';

/** A page and its script, both built in: no table, no queue, no secret. */
export const INFRASTRUCTURE: GroupInfrastructure = { table: 'none' };
