import type { GroupInfrastructure } from '../core/infrastructure';

/** Return timers. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers'] };
