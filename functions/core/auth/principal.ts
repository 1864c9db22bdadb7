import type { Account } from './account-directory';
import type { Role } from './permissions';

/**
 * The authenticated caller of a request: an API key, or a signed-in user acting in one account
 * (the account header's, else their individual account) with the role their membership there gives.
 */
export interface Principal {
  kind: 'apiKey' | 'user';
  accountId: string;
  /** The caller's own account, loaded once at authentication. */
  account: Account;
  /** The API key's name (API keys only). */
  keyName?: string;
  /** The user's id, the access token's `sub` (users only). */
  userId?: string;
  /** A user whose phone is verified: the `trusted-user` flag (API keys count as trusted). */
  trusted?: boolean;
  role: Role;
  /** Recorded as `createdBy` / `updatedBy`. */
  crn: string;
}
