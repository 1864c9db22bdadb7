import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the webhooks group owns: their rows of the roles → permissions matrix
 * (API-REFERENCE.md). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'webhooks:read': { flags: [], roles: own('account-owner') },
  // Webhook endpoints are registered through support, not self-service.
  'webhooks:manage': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
