import type { GroupInfrastructure } from '../core/infrastructure';

/** Listing a request's activities reads it as any read does: an expiry or lapse applied then raises payment-requests' webhook events. */
export const INFRASTRUCTURE: GroupInfrastructure = { sends: ['webhooks'] };
