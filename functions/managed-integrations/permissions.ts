import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the managed-integrations group owns; the matrix (https://docs.centrapay.com/api/auth) is
 * silent on them: account owners of org accounts manage their account's integrations, like the
 * integration requests' rows.
 */
export const PERMISSIONS = {
  'managed-integrations:update': { flags: ['org'], roles: own('account-owner') },
  'managed-integrations:read': { flags: ['org'], roles: own('account-owner') },
  // Operator-only: what the provider reports; no provider is connected, so the operator stands in for it.
  'managed-integrations:report-provider-outcome': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
