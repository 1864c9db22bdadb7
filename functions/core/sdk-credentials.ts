import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What the shipped bundles load in place of the AWS SDK's default credential chain (lib/bundling.ts aliases
 * `@aws-sdk/credential-provider-node` to this module). Lambda puts the function role's credentials in the environment
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), the first place the chain looks; the rest of the
 * chain (profiles, SSO, web identity, container and instance metadata, with the STS and SSO clients they carry) is
 * never reached there, and took about 130 KiB of every bundle and a sixth of its cold import
 * (docs/performance.md). Missing credentials fail the call, as the chain's end would.
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
