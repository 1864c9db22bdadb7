import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { findAccount } from '../../accounts/account-store';
import { config } from '../config';
import { apiKeyCrn } from '../crn';
import { db } from '../db/client';
import { apiKeyLookupKey } from '../../accounts/keys';
import { unauthorized } from '../http/errors';
import { hashApiKeySecret } from './api-key-secret';
import type { Role } from './permissions';
import type { Principal } from './principal';
import { recordAuthenticationFailure, refuseFailingSource } from './rate-limit';

const MAX_SECRET_LENGTH = 256;

interface ApiKeyLookup {
  accountId: string;
  name: string;
  role: Role;
  enabled: boolean;
}

/**
 * Resolves the `x-api-key` header (case-insensitive) to a principal, or throws 401. A source
 * address whose failures reached the limit is refused (429) before the key is looked up, and
 * each failure is counted against its address.
 */
export async function authenticate(headers: Record<string, string | undefined>, sourceIp: string | undefined, now: Date): Promise<Principal> {
  await refuseFailingSource(sourceIp, now);
  const secret = headers['x-api-key'];
  const principal = secret ? await principalOf(secret) : undefined;
  if (principal) return principal;
  await recordAuthenticationFailure(sourceIp, now);
  throw secret ? unauthorized('Invalid authentication') : unauthorized();
}

async function principalOf(secret: string): Promise<Principal | undefined> {
  if (secret.length > MAX_SECRET_LENGTH) return undefined;
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: apiKeyLookupKey(hashApiKeySecret(secret)), ConsistentRead: true }),
  );
  const key = out.Item as ApiKeyLookup | undefined;
  if (!key || !key.enabled) return undefined;
  const account = await findAccount(key.accountId);
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
