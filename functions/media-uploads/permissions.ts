import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the media-uploads group owns: their rows of the roles → permissions
 * matrix (https://docs.centrapay.com/api/auth). `media-uploads:read` (the download location) is ours: the reference
 * names only create, and reading an upload is its owner's as creating it is.
 */
export const PERMISSIONS = {
  'media-uploads:create': { flags: [], roles: own('account-owner') },
  'media-uploads:read': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
