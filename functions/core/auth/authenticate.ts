import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { findAccount } from '../../accounts/account-store';
import { config } from '../config';
import { apiKeyCrn } from '../crn';
import { db } from '../db/client';
import { apiKeyLookupKey } from '../db/keys';
import { unauthorized } from '../http/errors';
import { hashApiKeySecret } from './api-key-secret';
import type { Role } from './permissions';
import type { Principal } from './principal';

const MAX_SECRET_LENGTH = 256;

interface ApiKeyLookup {
  accountId: string;
  name: string;
  role: Role;
  enabled: boolean;
}

/** Resolves the `x-api-key` header (case-insensitive) to a principal, or throws 401. */
export async function authenticate(headers: Record<string, string | undefined>): Promise<Principal> {
  const secret = headers['x-api-key'];
  if (!secret) throw unauthorized();
  if (secret.length > MAX_SECRET_LENGTH) throw unauthorized('Invalid authentication');
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: apiKeyLookupKey(hashApiKeySecret(secret)), ConsistentRead: true }),
  );
  const key = out.Item as ApiKeyLookup | undefined;
  if (!key || !key.enabled) throw unauthorized('Invalid authentication');
  const account = await findAccount(key.accountId);
  if (!account) throw unauthorized('Invalid authentication');
  return {
    kind: 'apiKey',
    accountId: key.accountId,
    account,
    keyName: key.name,
    role: key.role,
    crn: apiKeyCrn(key.accountId, key.name),
  };
}
