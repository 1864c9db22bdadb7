import type { GroupInfrastructure } from '../core/infrastructure';

/** Advancing a test clock sends the account's timers and webhook retries that fell due (core/test-clock/alarms). */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers', 'webhooks'] };
