import type { Role } from './permissions';

/**
 * What authentication and authorization read of accounts and API keys. A port, because core
 * imports no group: the accounts group owns these records (their keys, writes and reads) and
 * implements it, and each group's Lambda entry passes that implementation in (functions/lambda/group-lambda.ts).
 * Chosen over moving an account read model into core, which would split each record between core
 * (key and read) and the group that writes it.
 */
export interface AccountDirectory {
  findAccount(accountId: string): Promise<Account | undefined>;
  /** The API key whose secret has this hash (api-key-secret.ts), read consistently. */
  findApiKey(secretHash: string): Promise<ApiKeyGrant | undefined>;
  /** A signed-in user (the access token's `sub`), read consistently. */
  findUser(userId: string): Promise<UserGrant | undefined>;
  /** The user's role in the account, read consistently. */
  findMembership(accountId: string, userId: string): Promise<Role | undefined>;
}

/** What a user brings to authentication besides their memberships. */
export interface UserGrant {
  id: string;
  /** The user's individual account: where they act without an account header. */
  individualAccountId?: string;
  phoneVerified: boolean;
}

/** What authorization, and the operations it lets act on an account, read of that account. */
export interface Account {
  id: string;
  name: string;
  type: 'org' | 'individual';
  region?: string;
  test?: boolean;
  /** The account that created this one; it may act for it. */
  parentAccountId?: string;
  subscriptions: readonly string[];
  /** Overrides the platform's requests-per-minute default. */
  rateLimitPerMinute?: number;
  /** A test account's test clock: seconds ahead of the platform's (core/clock.ts). */
  testClockOffsetSeconds?: number;
}

/** What an API key grants: one role on one account, while enabled. */
export interface ApiKeyGrant {
  accountId: string;
  name: string;
  role: Role;
  enabled: boolean;
  /** Made by a caller not trusted (core/auth/principal.ts `isTrusted`): the key is not trusted either. */
  untrusted?: boolean;
}
