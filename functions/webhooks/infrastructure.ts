import type { GroupInfrastructure } from '../core/infrastructure';

/** Test events wake the dispatcher; redeliveries ask the webhook consumer for an attempt. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['webhooks'] };
