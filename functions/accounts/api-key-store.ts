import { apiKey } from './schemas';
import { hashApiKeySecret, newApiKeySecret } from '../core/auth/api-key-secret';
import type { ApiKeyGrant } from '../core/auth/account-directory';
import type { Role } from '../core/auth/permissions';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { apiKeyEntity, apiKeyLookupEntity, apiKeysOfAccount, type ApiKey, type StoredApiKey } from './entities';
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
  const lookup = await apiKeyLookupEntity.get(secretHash);
  if (!lookup) return undefined;
  const { accountId, name, role, enabled, untrusted } = lookup;
  return { accountId, name, role, enabled, ...(untrusted ? { untrusted } : {}) };
}

/**
 * Issues a key: the key record and its lookup-by-hash record are written together; the name is
 * unique per account. The secret is returned here and never stored. `untrusted`: made by a caller that is not a
 * trusted user, whose key may then spend no more than it may (its lookup record says so, for authentication).
 */
export async function issueApiKey(
  input: { accountId: string; name: string; role: Role; untrusted?: boolean },
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
  const exists = () => businessRule('API_KEY_ALREADY_EXISTS');
  try {
    await runTransaction([
      apiKeyEntity.createStep(stored, { onExists: exists }),
      apiKeyLookupEntity.createStep(
        {
          secretHash,
          accountId: input.accountId,
          name: input.name,
          role: input.role,
          enabled: true,
          ...(input.untrusted ? { untrusted: true } : {}),
        },
        { onExists: exists },
      ),
    ]);
  } catch (error) {
    // Another issue of the same name at the same moment: the name is taken all the same.
    if (error instanceof TransactionConflictError) throw exists();
    throw error;
  }
  return { ...present(stored), secret };
}

export async function queryApiKeys(accountId: string): Promise<ApiKey[]> {
  return (await apiKeyEntity.all(apiKeysOfAccount(accountId))).map(present);
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
    const steps: TransactionStep[] = [
      apiKeyEntity.updateStep([accountId, name], {
        set: { enabled, modifiedAt: isoTimestamp(now), modifiedBy },
        add: { version: 1 },
      }),
      apiKeyLookupEntity.updateStep([keyOut.secretHash], { set: { enabled } }),
    ];
    if (!enabled && keyOut.enabled && keyOut.role === 'account-owner') {
      const other = (await queryApiKeys(accountId)).find(
        (k) => k.role === 'account-owner' && k.enabled && k.name !== name,
      );
      if (!other) throw businessRule('LAST_OWNER_NOT_REVOKABLE');
      steps.push(
        apiKeyEntity.conditionStep(
          [accountId, other.name],
          { expression: 'enabled = :true', values: { ':true': true } },
          () => new TransactionConflictError(),
        ),
      );
    }
    await runTransaction(steps);
    return present({ ...keyOut, enabled, version: keyOut.version + 1, modifiedAt: isoTimestamp(now), modifiedBy });
  });
}

async function readStored(accountId: string, name: string): Promise<StoredApiKey> {
  const stored = await apiKeyEntity.get(accountId, name);
  if (!stored) throw forbidden();
  return stored;
}

/** The public view: the ApiKey schema's fields (never the secret's hash), the version as a string. */
function present(stored: StoredApiKey): ApiKey {
  return publicView<ApiKey>(apiKey, { ...stored, version: String(stored.version) });
}
