import type { Account } from './account-directory';
import type { Role } from './permissions';

/** The authenticated caller of a request. */
export interface Principal {
  kind: 'apiKey';
  accountId: string;
  /** The caller's own account, loaded once at authentication. */
  account: Account;
  keyName: string;
  role: Role;
  /** Recorded as `createdBy` / `updatedBy`. */
  crn: string;
}
