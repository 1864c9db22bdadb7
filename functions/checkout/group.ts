import type { GroupDefinition } from '../core/group';
import { ROUTES } from './routes';
import { SCHEMAS } from './schemas';

/** What this group declares for the platform to assemble (listed in functions/registry.ts). */
export const group = {
  name: 'checkout',
  routes: ROUTES,
  schemas: SCHEMAS,
  permissions: {},
} as const satisfies GroupDefinition;
