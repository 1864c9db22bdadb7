import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the invitations group owns: their rows of the roles → permissions matrix.
 * `invitations:read` and `invitations:accept` are the public matrix's (docs.centrapay.com/api/auth; global: an
 * invitation is for someone outside its account); inviting, listing and revoking are ours, the account owner's, as
 * adding members is.
 */
export const PERMISSIONS = {
  'invitations:read': { flags: [], roles: { 'account-owner': 'global' } },
  'invitations:accept': { flags: [], roles: { 'account-owner': 'global' } },
  'invitations:create': { flags: [], roles: own('account-owner') },
  'invitations:list': { flags: [], roles: own('account-owner') },
  'invitations:revoke': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
