import { createHash } from 'node:crypto';
import { apiKeyCrn, userCrn } from '../crn';
import { forbidden, unauthorized } from '../errors/classes';
import type { Account, AccountDirectory } from './account-directory';
import { hashApiKeySecret } from './api-key-secret';
import type { Principal } from './principal';
import { recordAuthenticationFailure, refuseBlockedSource, refuseFailingSource } from './rate-limit';
import { verifyUserToken } from './user-token';

const MAX_SECRET_LENGTH = 256;

/**
 * Verified keys are kept in the function instance for at most this long: a key disabled (or an
 * account changed: its rate limit, subscriptions) takes effect within it on every instance, and at
 * once on the instance that made the change (see `forgetAuthentications`).
 */
export const API_KEY_CACHE_TTL_MS = 30_000;
/**
 * A test account's verified keys and users are kept this long only: its test clock is part of what
 * is kept, and advancing it answers only once this has passed (`untilCachedTestAccountsExpire`), so every
 * request sent after the advance answered goes by the new time, on every instance.
 */
export const TEST_ACCOUNT_CACHE_TTL_MS = 1_000;
/** Bounded: past it the oldest entry goes. */
const API_KEY_CACHE_SIZE = 1_000;

const verified = new Map<string, { principal: Principal; until: number }>();

/**
 * The header naming the org account a signed-in user acts in: ours, and the reference's name for it.
 * Without one a user acts in their individual account.
 */
const ACCOUNT_HEADERS = ['x-account', 'x-centrapay-account'] as const;

/**
 * Resolves the `x-api-key` header (case-insensitive), else a user access token in `Authorization`
 * (`Bearer <jwt>` or the bare JWT) with the account header, to a principal, or throws 401. A source
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
  const token = secret === undefined ? bearerOf(headers.authorization) : undefined;
  if (token !== undefined) return authenticateUser(token, accountHeaderOf(headers), sourceIp, now, accounts);
  const hash = secret && secret.length <= MAX_SECRET_LENGTH ? hashApiKeySecret(secret) : undefined;
  const cached = hash ? verified.get(hash) : undefined;
  if (cached && cached.until > now.getTime()) return cached.principal;
  if (cached) verified.delete(hash!);
  // Both keyed before the key resolves, so neither waits for the other.
  const [principal] = await Promise.all([
    hash ? principalOf(hash, accounts) : undefined,
    refuseFailingSource(sourceIp, now),
  ]);
  if (principal) {
    remember(hash!, principal, now.getTime() + cacheTtlOf(principal));
    return principal;
  }
  await recordAuthenticationFailure(sourceIp, now);
  throw secret ? unauthorized('Invalid authentication') : unauthorized();
}

/**
 * A user's access token: verified (signature, issuer, client, use, expiry), then the user and their
 * membership of the account they act in, read like an API key's grant and cached the same way
 * (never past the token's expiry). A valid token for an account the user is not a member of is
 * FORBIDDEN, like any account the caller cannot reach.
 */
async function authenticateUser(
  token: string,
  accountHeader: string | undefined,
  sourceIp: string | undefined,
  now: Date,
  accounts: AccountDirectory,
): Promise<Principal> {
  const cacheKey = `user:${createHash('sha256').update(token).digest('base64url')}:${accountHeader ?? ''}`;
  const cached = verified.get(cacheKey);
  if (cached && cached.until > now.getTime()) return cached.principal;
  if (cached) verified.delete(cacheKey);
  const [verifiedToken] = await Promise.all([
    verifyUserToken(token, now).catch(() => undefined),
    refuseFailingSource(sourceIp, now),
  ]);
  const user = verifiedToken ? await accounts.findUser(verifiedToken.userId) : undefined;
  if (!verifiedToken || !user) {
    await recordAuthenticationFailure(sourceIp, now);
    throw unauthorized('Invalid authentication');
  }
  const accountId = accountHeader ?? user.individualAccountId;
  const [role, account] = accountId
    ? await Promise.all([accounts.findMembership(accountId, user.id), accounts.findAccount(accountId)])
    : [];
  if (!role || !account) throw forbidden();
  const principal: Principal = {
    kind: 'user',
    accountId: account.id,
    account,
    userId: user.id,
    trusted: user.phoneVerified,
    role,
    crn: userCrn(user.id),
  };
  remember(cacheKey, principal, Math.min(now.getTime() + cacheTtlOf(principal), verifiedToken.expiresAt));
  return principal;
}

/** `Bearer <jwt>` or, as the reference shows it, the bare JWT; undefined without the header. */
function bearerOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  return authorization.replace(/^Bearer\s+/i, '').trim();
}

function accountHeaderOf(headers: Record<string, string | undefined>): string | undefined {
  for (const name of ACCOUNT_HEADERS) if (headers[name]) return headers[name];
  return undefined;
}

const cacheTtlOf = (principal: Pick<Principal, 'account'>) =>
  principal.account.test ? TEST_ACCOUNT_CACHE_TTL_MS : API_KEY_CACHE_TTL_MS;

/**
 * Resolves once no instance can still hold a test account's principal read before `changedAt`
 * (real time): entries are kept from the request's arrival, which precedes their read.
 */
export async function untilCachedTestAccountsExpire(changedAt: number): Promise<void> {
  const wait = changedAt + TEST_ACCOUNT_CACHE_TTL_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

function remember(cacheKey: string, principal: Principal, until: number): void {
  if (verified.size >= API_KEY_CACHE_SIZE) verified.delete(verified.keys().next().value!);
  verified.set(cacheKey, { principal, until });
}

/** Accounts read to authorize a caller on them, or for their clocks, kept by the keys' rules (`keptAccount`). */
const keptAccounts = new Map<string, { account: Promise<Account | undefined>; until: number }>();

/**
 * Another account as authorization and clocks read it (a payer paying a merchant's request: the merchant's account),
 * kept in the instance as verified keys are: 30 s, a test account's 1 s, forgotten where it is changed. Its record as
 * an operation shows or changes it is read afresh (the accounts group's `findAccount`). The entry's time starts
 * before its read is sent, so an advanced test clock shows by the time the advance answers, as for a key's account.
 */
export function keptAccount(
  accountId: string,
  find: (accountId: string) => Promise<Account | undefined>,
): Promise<Account | undefined> {
  const at = Date.now();
  const entry = keptAccounts.get(accountId);
  if (entry && entry.until > at) return entry.account;
  if (keptAccounts.size >= API_KEY_CACHE_SIZE) keptAccounts.delete(keptAccounts.keys().next().value!);
  const account = find(accountId);
  const kept = { account, until: at + TEST_ACCOUNT_CACHE_TTL_MS };
  keptAccounts.delete(accountId);
  keptAccounts.set(accountId, kept);
  // Kept as long as its kind of account may be; a missing account or a failed read is not kept.
  account.then(
    (found) => {
      if (found) kept.until = at + cacheTtlOf({ account: found });
      else if (keptAccounts.get(accountId) === kept) keptAccounts.delete(accountId);
    },
    () => {
      if (keptAccounts.get(accountId) === kept) keptAccounts.delete(accountId);
    },
  );
  return account;
}

/**
 * Drops this instance's verified keys and kept accounts of an account (all when none is named): the accounts group
 * calls it after changing a key or an account, so the change holds at once where it was made.
 */
function forgetAuthentications(accountId?: string): void {
  for (const [hash, { principal }] of verified)
    if (!accountId || principal.accountId === accountId) verified.delete(hash);
  if (accountId) keptAccounts.delete(accountId);
  else keptAccounts.clear();
}

/**
 * An operation that changes a key or an account (`{accountId}` in its path): once it succeeds this
 * instance forgets the account's verified keys.
 */
export const changesAuthentication =
  <R extends { params: Record<string, string> }>(operation: (request: R) => Promise<unknown>) =>
  async (request: R): Promise<unknown> => {
    const result = await operation(request);
    forgetAuthentications(request.params.accountId);
    return result;
  };

async function principalOf(hash: string, accounts: AccountDirectory): Promise<Principal | undefined> {
  const key = await accounts.findApiKey(hash);
  if (!key?.enabled) return undefined;
  const account = await accounts.findAccount(key.accountId);
  if (!account) return undefined;
  return {
    kind: 'apiKey',
    accountId: key.accountId,
    account,
    keyName: key.name,
    ...(key.untrusted ? { trusted: false } : {}),
    role: key.role,
    crn: apiKeyCrn(key.accountId, key.name),
  };
}
