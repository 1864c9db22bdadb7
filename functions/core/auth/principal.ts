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
  /**
   * A user whose phone is verified: the `trusted-user` flag. API keys count as trusted, but for one a user made before
   * their phone was verified (or a key of such a key made), which is `false` here.
   */
  trusted?: boolean;
  role: Role;
  /** Recorded as `createdBy` / `updatedBy`. */
  crn: string;
}

/** Whether the caller holds the `trusted-user` flag (what spending from a wallet needs of a signed-in user). */
export const isTrusted = (principal: Pick<Principal, 'kind' | 'trusted'>): boolean =>
  principal.kind === 'apiKey' ? principal.trusted !== false : principal.trusted === true;
