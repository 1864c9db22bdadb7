/**
 * Where the admin command keeps the webhook signing key set: the local platform's file, or the
 * deployed Secrets Manager secret. Both hold the JSON that functions/core/webhooks/signing-keys reads.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseSigningKeySet, type SigningKeySet } from '../../functions/core/webhooks/signing-keys';

export interface SigningKeyStore {
  read(): Promise<SigningKeySet>;
  write(set: SigningKeySet): Promise<void>;
  /** When the platform starts using what was written, for the operator. */
  takesEffect: string;
}

/** A missing file is an empty set, so the first rotation creates both. */
export function fileStore(file: string): SigningKeyStore {
  return {
    read: async () => (existsSync(file) ? parseSigningKeySet(readFileSync(file, 'utf8')) : { keys: [] }),
    write: async (set) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(set, null, 2), { mode: 0o600 });
    },
    takesEffect: `written to ${file}; a running local platform picks it up on restart`,
  };
}

export function secretStore(secretArn: string, region: string | undefined): SigningKeyStore {
  const client = new SecretsManagerClient(region ? { region } : {});
  return {
    read: async () =>
      parseSigningKeySet((await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString ?? ''),
    write: async (set) => {
      await client.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(set) }));
    },
    takesEffect: `written to ${secretArn}; running functions pick it up within 5 minutes (their key cache)`,
  };
}
