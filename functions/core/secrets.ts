import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';

let client: SecretsManagerClient | undefined;

/** The current value of a Secrets Manager secret (callers decide how long to keep it). */
export async function readSecretString(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString ?? '';
}

let pageKeySecret: Promise<Buffer> | undefined;

/** The HMAC key for page keys: from the environment locally, from Secrets Manager on AWS (once per container). */
export function getPageKeySecret(): Promise<Buffer> {
  if (!pageKeySecret) {
    const { pageKeySecret: inline, pageKeySecretArn } = config();
    if (inline) {
      pageKeySecret = Promise.resolve(Buffer.from(inline, 'utf8'));
    } else if (pageKeySecretArn) {
      pageKeySecret = readSecretString(pageKeySecretArn).then((value) => Buffer.from(value, 'utf8'));
    } else {
      throw new Error('PAGE_KEY_SECRET or PAGE_KEY_SECRET_ARN must be set');
    }
    pageKeySecret.catch(() => (pageKeySecret = undefined));
  }
  return pageKeySecret;
}
