import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { apiKey } from './schemas';
import { hashApiKeySecret, newApiKeySecret } from '../core/auth/api-key-secret';
import type { ApiKeyGrant } from '../core/auth/account-directory';
import type { Role } from '../core/auth/permissions';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { publicView } from '../core/db/entity';
import { apiKeyEntity, apiKeyLookupEntity, apiKeysOfAccount, type ApiKey, type StoredApiKey } from './entities';
import { db } from '../core/db/client';
import { queryAllUnder } from '../core/db/pagination';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';

export type { ApiKey } from './entities';

/** What a secret's hash looks up: the key's grant (authentication), read consistently. */
export async function findApiKeyByHash(secretHash: string): Promise<ApiKeyGrant | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: apiKeyLookupEntity.key(secretHash), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { accountId, name, role, enabled } = apiKeyLookupEntity.parse(out.Item);
  return { accountId, name, role, enabled };
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
              Item: apiKeyEntity.item(stored),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: apiKeyLookupEntity.item({
                secretHash,
                accountId: input.accountId,
                name: input.name,
                role: input.role,
                enabled: true,
              }),
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

export async function queryApiKeys(accountId: string): Promise<ApiKey[]> {
  const items = await queryAllUnder(apiKeysOfAccount(accountId));
  return items.map((item) => present(apiKeyEntity.parse(item)));
}

/**
 * Enables or disables a key: its record and its lookup record change together. An account never
 * loses its last enabled owner key: disabling one is conditional on another owner key still being
 * enabled in the same transaction, so two concurrent disables of the last two cannot both commit.
 */
export function setApiKeyEnabled(
  accountId: string,
  name: string,
  enabled: boolean,
  modifiedBy: string,
  now: Date,
): Promise<ApiKey> {
  return retryOnConflict(async () => {
    const keyOut = await readStored(accountId, name);
    const tableName = config().tableName;
    const steps: TransactionStep[] = [
      {
        item: {
          Update: {
            TableName: tableName,
            Key: apiKeyEntity.key(accountId, name),
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
            Key: apiKeyLookupEntity.key(keyOut.secretHash),
            UpdateExpression: 'SET enabled = :enabled',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':enabled': enabled },
          },
        },
      },
    ];
    if (!enabled && keyOut.enabled && keyOut.role === 'account-owner') {
      const other = (await queryApiKeys(accountId)).find(
        (k) => k.role === 'account-owner' && k.enabled && k.name !== name,
      );
      if (!other) throw businessRule('LAST_OWNER_NOT_REVOKABLE');
      steps.push({
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: apiKeyEntity.key(accountId, other.name),
            ConditionExpression: 'enabled = :true',
            ExpressionAttributeValues: { ':true': true },
          },
        },
        onConditionFailed: () => new TransactionConflictError(),
      });
    }
    await runTransaction(steps);
    return present({ ...keyOut, enabled, version: keyOut.version + 1, modifiedAt: isoTimestamp(now), modifiedBy });
  });
}

async function readStored(accountId: string, name: string): Promise<StoredApiKey> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: apiKeyEntity.key(accountId, name), ConsistentRead: true }),
  );
  if (!out.Item) throw forbidden();
  return apiKeyEntity.parse(out.Item);
}

/** The public view: the ApiKey schema's fields (never the secret's hash), the version as a string. */
function present(stored: StoredApiKey): ApiKey {
  return publicView<ApiKey>(apiKey, { ...stored, version: String(stored.version) });
}
