import type { GroupInfrastructure } from '../core/infrastructure';

/**
 * The OpenAPI document, the JWKS and unknown routes: no table access, only the signing keys (which
 * otherwise only the webhooks consumer, which signs, may read).
 */
export const INFRASTRUCTURE: GroupInfrastructure = { table: 'none', readsWebhookSigningKeys: true };
