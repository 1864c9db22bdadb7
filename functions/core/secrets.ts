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

/** The page-key and draw-key secrets change only by a redeploy, so each is read once per instance. */
const SERVER_SECRET_MAX_AGE_SECONDS = 24 * 3600;

/** A server secret's bytes (UTF-8): inline from the environment locally, from Secrets Manager on AWS. */
async function serverSecret(inline: string | undefined, arn: string | undefined, variable: string): Promise<Buffer> {
  if (inline) return Buffer.from(inline, 'utf8');
  if (!arn) throw new Error(`${variable} or ${variable}_ARN must be set`);
  return Buffer.from(await readSecretString(arn, SERVER_SECRET_MAX_AGE_SECONDS), 'utf8');
}

/** The secret page keys are sealed with (core/db/pagination.ts derives their key from it). */
export const getPageKeySecret = () =>
  serverSecret(config().pageKeySecret, config().pageKeySecretArn, 'PAGE_KEY_SECRET');

/**
 * The key of promotion draws (promotions/draws.ts), a secret of its own: rotating the page-key secret (which only
 * invalidates outstanding page keys) leaves every draw recomputable by whoever holds this one.
 */
export const getDrawKeySecret = () =>
  serverSecret(config().drawKeySecret, config().drawKeySecretArn, 'DRAW_KEY_SECRET');
