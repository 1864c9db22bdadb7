import type { AccountDirectory } from '../core/auth/account-directory';
import { findAccount } from './account-store';
import { findApiKeyByHash } from './api-key-store';
import { findMemberRole, findUserGrant } from './member-store';

/** How core's authentication and authorization read this group's accounts, API keys, users and memberships. */
export const accountDirectory: AccountDirectory = {
  findAccount,
  findApiKey: findApiKeyByHash,
  findUser: findUserGrant,
  findMembership: findMemberRole,
};
