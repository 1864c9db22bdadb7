import type { AccountDirectory } from '../core/auth/account-directory';
import { findAccount } from './account-store';
import { findApiKeyByHash } from './api-key-store';

/** How core's authentication and authorization read this group's accounts and API keys. */
export const accountDirectory: AccountDirectory = { findAccount, findApiKey: findApiKeyByHash };
