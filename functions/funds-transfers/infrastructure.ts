import type { GroupInfrastructure } from '../core/infrastructure';

/** The simulated bank settles on a timer. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers'] };
