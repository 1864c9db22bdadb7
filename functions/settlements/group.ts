import type { GroupDefinition } from '../core/group';
import { ROUTES } from './routes';
import { SCHEMAS } from './schemas';

/**
 * What this group declares for the platform to assemble (listed in functions/registry.ts). Its route lists what the
 * settlement run (functions/consumers/settlements.ts, on a schedule) made; it uses the merchants group's permissions.
 */
export const group = {
  name: 'settlements',
  routes: ROUTES,
  schemas: SCHEMAS,
  permissions: {},
} as const satisfies GroupDefinition;
