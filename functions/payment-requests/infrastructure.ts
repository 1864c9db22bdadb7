import type { GroupInfrastructure } from '../core/infrastructure';

/** Expiry timers (webhook events reach the dispatcher from the table's stream). */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers'] };
