import type { GroupInfrastructure } from '../core/infrastructure';

/** Creating, paying and refunding through payment-requests schedules its timers. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers'] };
