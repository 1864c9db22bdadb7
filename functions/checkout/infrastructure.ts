import type { GroupInfrastructure } from '../core/infrastructure';

/** A cancel, a test payment or an expiry applied on read raises payment-requests' webhook events. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['webhooks'] };
