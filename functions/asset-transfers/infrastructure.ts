import type { GroupInfrastructure } from '../core/infrastructure';

/** Return timers, and the webhook event a return wakes the dispatcher for (reads return due transfers too). */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers', 'webhooks'] };
