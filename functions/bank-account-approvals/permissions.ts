import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the bank-account-approvals group owns: their rows of the roles → permissions matrix
 * (https://docs.centrapay.com/api/auth). Connection intents are the matrix's `bank-account-requests`. Reading approvals
 * takes `bank-accounts:read` (the matrix names no read of its own). Reviewing an approval is the platform operator's
 * alone (docs/api/bank-accounts-and-approvals.md: the operator reviews approvals).
 */
export const PERMISSIONS = {
  'bank-account-approvals:create': { flags: [], roles: own('account-owner') },
  'bank-account-approvals:review': { flags: [], roles: {} },
  'bank-account-requests:create': { flags: [], roles: own('account-owner') },
  'bank-account-requests:authorize': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
