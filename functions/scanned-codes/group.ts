import type { GroupDefinition } from '../core/group';
import { PERMISSIONS } from './permissions';
import { ROUTES } from './routes';
import { SCHEMAS } from './schemas';

/** What this group declares for the platform to assemble (listed in functions/registry.ts). */
export const group = {
  name: 'scanned-codes',
  routes: ROUTES,
  schemas: SCHEMAS,
  permissions: PERMISSIONS,
  // A decode reads an asset transfer as every read does: one past its expiry expires, which sets its return timer.
  infrastructure: { sends: ['timers'] },
} as const satisfies GroupDefinition;
