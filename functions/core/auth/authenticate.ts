import { apiKeyCrn } from '../crn';
import { unauthorized } from '../http/errors';
import type { AccountDirectory } from './account-directory';
import { hashApiKeySecret } from './api-key-secret';
import type { Principal } from './principal';
import { recordAuthenticationFailure, refuseFailingSource } from './rate-limit';

const MAX_SECRET_LENGTH = 256;

/**
 * Resolves the `x-api-key` header (case-insensitive) to a principal, or throws 401. A source
 * address whose failures reached the limit is refused (429) before the key is looked up, and
 * each failure is counted against its address.
 */
export async function authenticate(
  headers: Record<string, string | undefined>,
  sourceIp: string | undefined,
  now: Date,
  accounts: AccountDirectory,
): Promise<Principal> {
  await refuseFailingSource(sourceIp, now);
  const secret = headers['x-api-key'];
  const principal = secret ? await principalOf(secret, accounts) : undefined;
  if (principal) return principal;
  await recordAuthenticationFailure(sourceIp, now);
  throw secret ? unauthorized('Invalid authentication') : unauthorized();
}

async function principalOf(secret: string, accounts: AccountDirectory): Promise<Principal | undefined> {
  if (secret.length > MAX_SECRET_LENGTH) return undefined;
  const key = await accounts.findApiKey(hashApiKeySecret(secret));
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
