import type { GroupInfrastructure } from '../core/infrastructure';

/**
 * A verification credits the top ups that waited for it through the funds-transfers group's code,
 * which sets funds-transfer timers: its bundle carries that send, so its Lambda holds the grant.
 */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers'] };
