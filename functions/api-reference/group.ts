import type { GroupDefinition } from '../core/group';
import { INFRASTRUCTURE } from './infrastructure';
import { ROUTES } from './routes';
import { SCHEMAS } from './schemas';

/** What this group declares for the platform to assemble (listed in functions/registry.ts). */
export const group = {
  name: 'api-reference',
  routes: ROUTES,
  schemas: SCHEMAS,
  permissions: {},
  infrastructure: INFRASTRUCTURE,
} as const satisfies GroupDefinition;
