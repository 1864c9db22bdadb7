import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the webhooks group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'webhooks:read': { flags: [], roles: own('account-owner') },
  // Webhook endpoints are registered through support, not self-service.
  'webhooks:manage': { flags: [], roles: {} },
  // Redelivering an event and sending a test event reach only endpoints the operator registered,
  // with the account's own events: no new target, so the owner may do it (to recover from its
  // receiver's outage, to try its receiver) without support.
  'webhooks:deliver': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
