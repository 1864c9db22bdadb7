import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';

let pageKeySecret: Promise<Buffer> | undefined;

/** The HMAC key for page keys: from the environment locally, from Secrets Manager on AWS (once per container). */
export function getPageKeySecret(): Promise<Buffer> {
  if (!pageKeySecret) {
    const { pageKeySecret: inline, pageKeySecretArn } = config();
    if (inline) {
      pageKeySecret = Promise.resolve(Buffer.from(inline, 'utf8'));
    } else if (pageKeySecretArn) {
      pageKeySecret = new SecretsManagerClient({})
        .send(new GetSecretValueCommand({ SecretId: pageKeySecretArn }))
        .then((out) => Buffer.from(out.SecretString ?? '', 'utf8'));
    } else {
      throw new Error('PAGE_KEY_SECRET or PAGE_KEY_SECRET_ARN must be set');
    }
    pageKeySecret.catch(() => (pageKeySecret = undefined));
  }
  return pageKeySecret;
}
