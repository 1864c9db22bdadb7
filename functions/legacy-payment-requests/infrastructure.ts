import type { GroupInfrastructure } from '../core/infrastructure';

/** Creating, paying and refunding through payment-requests schedules its timers and raises its webhook events. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers', 'webhooks'] };
