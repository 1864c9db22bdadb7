/**
 * What the shipped bundles load in place of the AWS SDK's default credential chain (lib/bundling.ts aliases
 * `@aws-sdk/credential-provider-node` to this module). Lambda puts the function role's credentials in the environment
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), the first place the chain looks; the rest of the
 * chain (profiles, SSO, web identity, container and instance metadata, with the STS and SSO clients they carry) is
 * never reached there. The variables are read as the SDK's environment provider reads them, on every call (Lambda
 * renews them between invocations), without that provider: it brought the SDK's config loaders and endpoint
 * partitions, some 17 KiB that every cold import parsed (docs/performance.md). Missing credentials fail the call, as
 * the chain's end would.
 */
export interface EnvironmentCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
  credentialScope?: string;
  accountId?: string;
}

/** The error the SDK's providers throw when they have no credentials, under its name. */
class CredentialsProviderError extends Error {
  override name = 'CredentialsProviderError';
}

export function defaultProvider(): () => Promise<EnvironmentCredentials> {
  return async () => {
    const { env } = process;
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey)
      throw new CredentialsProviderError('Unable to find environment variable credentials.');
    return {
      accessKeyId,
      secretAccessKey,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      ...(env.AWS_CREDENTIAL_EXPIRATION ? { expiration: new Date(env.AWS_CREDENTIAL_EXPIRATION) } : {}),
      ...(env.AWS_CREDENTIAL_SCOPE ? { credentialScope: env.AWS_CREDENTIAL_SCOPE } : {}),
      ...(env.AWS_ACCOUNT_ID ? { accountId: env.AWS_ACCOUNT_ID } : {}),
    };
  };
}
