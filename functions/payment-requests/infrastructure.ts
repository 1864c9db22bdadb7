import type { GroupInfrastructure } from '../core/infrastructure';

/** Expiry timers, and the webhook events a state change wakes the dispatcher for. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['timers', 'webhooks'] };
