import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import { traced } from './observability';

/**
 * Secrets Manager through Powertools Parameters, whose cache keeps each value for `maxAgeSeconds`
 * per function instance (a failed read is not cached: the next call tries again).
 */
let provider: SecretsProvider | undefined;

/** The value of a Secrets Manager secret, re-read once `maxAgeSeconds` have passed since it was read. */
export async function readSecretString(secretId: string, maxAgeSeconds: number): Promise<string> {
  provider ??= new SecretsProvider({ awsSdkV3Client: traced(new SecretsManagerClient({})) });
  return (await provider.get(secretId, { maxAge: maxAgeSeconds })) ?? '';
}

/** Page keys' HMAC key: rotated by redeploying (it only invalidates outstanding page keys), so read once per instance. */
const PAGE_KEY_SECRET_MAX_AGE_SECONDS = 24 * 3600;

/** The HMAC key for page keys: from the environment locally, from Secrets Manager on AWS. */
export async function getPageKeySecret(): Promise<Buffer> {
  const { pageKeySecret: inline, pageKeySecretArn } = config();
  if (inline) return Buffer.from(inline, 'utf8');
  if (!pageKeySecretArn) throw new Error('PAGE_KEY_SECRET or PAGE_KEY_SECRET_ARN must be set');
  return Buffer.from(await readSecretString(pageKeySecretArn, PAGE_KEY_SECRET_MAX_AGE_SECONDS), 'utf8');
}
