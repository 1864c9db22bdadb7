import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { config } from './config';
import { sdkClient } from './observability';

/**
 * Secrets Manager through Powertools Parameters, whose cache keeps each value for `maxAgeSeconds`
 * per function instance (a failed read is not cached: the next call tries again).
 */
let provider: SecretsProvider | undefined;
type SecretsModule = typeof import('@aws-lambda-powertools/parameters/secrets');

/** The value of a Secrets Manager secret, re-read once `maxAgeSeconds` have passed since it was read. */
export async function readSecretString(secretId: string, maxAgeSeconds: number): Promise<string> {
  if (!provider) {
    // Loaded on the first read, not at start: most invocations read no secret (a page key, a signing key, once per
    // instance).
    const { SecretsProvider: Provider } = require('@aws-lambda-powertools/parameters/secrets') as SecretsModule;
    const { SecretsManagerClient } =
      require('@aws-sdk/client-secrets-manager') as typeof import('@aws-sdk/client-secrets-manager');
    provider = new Provider({ awsSdkV3Client: sdkClient(new SecretsManagerClient({})) });
  }
  return (await provider.get(secretId, { maxAge: maxAgeSeconds })) ?? '';
}

/**
 * The page-key secret: rotated by redeploying (it only invalidates outstanding page keys), so read once per instance.
 */
const PAGE_KEY_SECRET_MAX_AGE_SECONDS = 24 * 3600;

/**
 * The secret page keys are sealed with (core/db/pagination.ts derives their key from it): from the environment locally,
 * from Secrets Manager on AWS.
 */
export async function getPageKeySecret(): Promise<Buffer> {
  const { pageKeySecret: inline, pageKeySecretArn } = config();
  if (inline) return Buffer.from(inline, 'utf8');
  if (!pageKeySecretArn) throw new Error('PAGE_KEY_SECRET or PAGE_KEY_SECRET_ARN must be set');
  return Buffer.from(await readSecretString(pageKeySecretArn, PAGE_KEY_SECRET_MAX_AGE_SECONDS), 'utf8');
}
