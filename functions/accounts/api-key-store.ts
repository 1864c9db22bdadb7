import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { apiKey } from './schemas';
import { hashApiKeySecret, newApiKeySecret } from '../core/auth/api-key-secret';
import type { ApiKeyGrant } from '../core/auth/account-directory';
import type { Role } from '../core/auth/permissions';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { stripKeys } from '../core/db/keys';
import { apiKeyKey, apiKeyLookupKey, apiKeysOfAccount } from './keys';
import { db } from '../core/db/client';
import { queryAll } from '../core/db/pagination';
import { retryOnConflict, runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/http/errors';

export type ApiKey = FromSchema<typeof apiKey>;
type StoredApiKey = Omit<ApiKey, 'version'> & { version: number; secretHash: string };

/** What a secret's hash looks up: the key's grant (authentication), read consistently. */
export async function findApiKeyByHash(secretHash: string): Promise<ApiKeyGrant | undefined> {
  const out = await db().send(new GetCommand({ TableName: config().tableName, Key: apiKeyLookupKey(secretHash), ConsistentRead: true }));
  return out.Item as ApiKeyGrant | undefined;
}

/**
 * Issues a key: the key record and its lookup-by-hash record are written together; the name is
 * unique per account. The secret is returned here and never stored.
 */
export async function issueApiKey(
  input: { accountId: string; name: string; role: Role },
  createdBy: string,
  now: Date,
): Promise<ApiKey & { secret: string }> {
  const secret = newApiKeySecret();
  const secretHash = hashApiKeySecret(secret);
  const at = isoTimestamp(now);
  const stored: StoredApiKey = {
    name: input.name,
    accountId: input.accountId,
    role: input.role,
    enabled: true,
    version: 1,
    createdAt: at,
    createdBy,
    modifiedAt: at,
    modifiedBy: createdBy,
    secretHash,
  };
  const tableName = config().tableName;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...apiKeyKey(input.accountId, input.name), ...stored },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...apiKeyLookupKey(secretHash), accountId: input.accountId, name: input.name, role: input.role, enabled: true },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw businessRule('API_KEY_ALREADY_EXISTS');
    throw error;
  }
  return { ...present(stored), secret };
}

export async function listApiKeys(accountId: string): Promise<ApiKey[]> {
  const { PK, SKPrefix } = apiKeysOfAccount(accountId);
  const items = await queryAll({
    TableName: config().tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    ConsistentRead: true,
  });
  return items.map((item) => present(item as unknown as StoredApiKey));
}

/**
 * Enables or disables a key: its record and its lookup record change together. An account never
 * loses its last enabled owner key: disabling one is conditional on another owner key still being
 * enabled in the same transaction, so two concurrent disables of the last two cannot both commit.
 */
export function setApiKeyEnabled(accountId: string, name: string, enabled: boolean, modifiedBy: string, now: Date): Promise<ApiKey> {
  return retryOnConflict(async () => {
    const keyOut = await readStored(accountId, name);
    const tableName = config().tableName;
    const steps: TransactionStep[] = [
      {
        item: {
          Update: {
            TableName: tableName,
            Key: apiKeyKey(accountId, name),
            UpdateExpression: 'SET enabled = :enabled, modifiedAt = :at, modifiedBy = :by ADD version :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':enabled': enabled, ':at': isoTimestamp(now), ':by': modifiedBy, ':one': 1 },
          },
        },
      },
      {
        item: {
          Update: {
            TableName: tableName,
            Key: apiKeyLookupKey(keyOut.secretHash),
            UpdateExpression: 'SET enabled = :enabled',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':enabled': enabled },
          },
        },
      },
    ];
    if (!enabled && keyOut.enabled && keyOut.role === 'account-owner') {
      const other = (await listApiKeys(accountId)).find((k) => k.role === 'account-owner' && k.enabled && k.name !== name);
      if (!other) throw businessRule('LAST_OWNER_NOT_REVOKABLE');
      steps.push({
        item: { ConditionCheck: { TableName: tableName, Key: apiKeyKey(accountId, other.name), ConditionExpression: 'enabled = :true', ExpressionAttributeValues: { ':true': true } } },
        onConditionFailed: () => new TransactionConflictError(),
      });
    }
    await runTransaction(steps);
    return present({ ...keyOut, enabled, version: keyOut.version + 1, modifiedAt: isoTimestamp(now), modifiedBy });
  });
}

async function readStored(accountId: string, name: string): Promise<StoredApiKey> {
  const out = await db().send(new GetCommand({ TableName: config().tableName, Key: apiKeyKey(accountId, name), ConsistentRead: true }));
  if (!out.Item) throw forbidden();
  return out.Item as StoredApiKey;
}

function present(item: StoredApiKey): ApiKey {
  const { version, secretHash: _hash, ...rest } = stripKeys(item as unknown as Record<string, unknown>) as unknown as StoredApiKey;
  return { ...rest, version: String(version) };
}
