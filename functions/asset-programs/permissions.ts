import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the asset-programs group owns. The matrix (https://docs.centrapay.com/api/auth) has no
 * rows for them but names `asset-program-memberships:accept` (on the member account) and
 * `…:approve` (on the program owner's account); the rest follow the loyalty-program rows: account
 * owners, on org accounts where a record is made for the account. Published programs are read by
 * any account owner (a business browses them to join), so program reads are global.
 */
export const PERMISSIONS = {
  'asset-programs:create': { flags: ['org'], roles: own('account-owner') },
  'asset-programs:update': { flags: ['org'], roles: own('account-owner') },
  'asset-programs:read': { flags: [], roles: { 'account-owner': 'global' } },
  'asset-program-memberships:create': { flags: ['org'], roles: own('account-owner') },
  'asset-program-memberships:read': { flags: [], roles: own('account-owner') },
  'asset-program-memberships:update': { flags: ['org'], roles: own('account-owner') },
  'asset-program-memberships:accept': { flags: ['org'], roles: own('account-owner') },
  'asset-program-memberships:approve': { flags: ['org'], roles: own('account-owner') },
  'asset-program-configs:create': { flags: ['org'], roles: own('account-owner') },
  'asset-program-configs:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
