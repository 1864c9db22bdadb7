import { apiKeyCrn } from '../crn';
import { unauthorized } from '../http/errors';
import type { Operation } from '../http/operation';
import type { AccountDirectory } from './account-directory';
import { hashApiKeySecret } from './api-key-secret';
import type { Principal } from './principal';
import { recordAuthenticationFailure, refuseBlockedSource, refuseFailingSource } from './rate-limit';

const MAX_SECRET_LENGTH = 256;

/**
 * Verified keys are kept in the function instance for at most this long: a key disabled (or an
 * account changed: its rate limit, subscriptions) takes effect within it on every instance, and at
 * once on the instance that made the change (see `forgetAuthentications`).
 */
export const API_KEY_CACHE_TTL_MS = 30_000;
/** Bounded: past it the oldest entry goes. */
export const API_KEY_CACHE_SIZE = 1_000;

const verified = new Map<string, { principal: Principal; until: number }>();

/**
 * Resolves the `x-api-key` header (case-insensitive) to a principal, or throws 401. A source
 * address whose failed authentications reached the limit is refused (429): at once when this
 * instance already refused it, else by its stored count, read alongside the key lookup. A key this
 * instance verified less than API_KEY_CACHE_TTL_MS ago costs no DynamoDB call at all. Each failure
 * is counted against its address.
 */
export async function authenticate(
  headers: Record<string, string | undefined>,
  sourceIp: string | undefined,
  now: Date,
  accounts: AccountDirectory,
): Promise<Principal> {
  refuseBlockedSource(sourceIp, now);
  const secret = headers['x-api-key'];
  const hash = secret && secret.length <= MAX_SECRET_LENGTH ? hashApiKeySecret(secret) : undefined;
  const cached = hash ? verified.get(hash) : undefined;
  if (cached && cached.until > now.getTime()) return cached.principal;
  if (cached) verified.delete(hash!);
  // Both keyed before the key resolves, so neither waits for the other.
  const [principal] = await Promise.all([hash ? principalOf(hash, accounts) : undefined, refuseFailingSource(sourceIp, now)]);
  if (principal) {
    remember(hash!, principal, now);
    return principal;
  }
  await recordAuthenticationFailure(sourceIp, now);
  throw secret ? unauthorized('Invalid authentication') : unauthorized();
}

function remember(hash: string, principal: Principal, now: Date): void {
  if (verified.size >= API_KEY_CACHE_SIZE) verified.delete(verified.keys().next().value!);
  verified.set(hash, { principal, until: now.getTime() + API_KEY_CACHE_TTL_MS });
}

/**
 * Drops this instance's verified keys of an account (all when none is named): the accounts group
 * calls it after changing a key or an account, so the change holds at once where it was made.
 */
export function forgetAuthentications(accountId?: string): void {
  for (const [hash, { principal }] of verified) if (!accountId || principal.accountId === accountId) verified.delete(hash);
}

/**
 * An operation that changes a key or an account (`{accountId}` in its path): once it succeeds this
 * instance forgets the account's verified keys.
 */
export const changesAuthentication =
  (operation: Operation): Operation =>
  async (request) => {
    const result = await operation(request);
    forgetAuthentications(request.params.accountId);
    return result;
  };

async function principalOf(hash: string, accounts: AccountDirectory): Promise<Principal | undefined> {
  const key = await accounts.findApiKey(hash);
  if (!key || !key.enabled) return undefined;
  const account = await accounts.findAccount(key.accountId);
  if (!account) return undefined;
  return {
    kind: 'apiKey',
    accountId: key.accountId,
    account,
    keyName: key.name,
    role: key.role,
    crn: apiKeyCrn(key.accountId, key.name),
  };
}
