import type { JWTVerifyGetKey } from 'jose';
import { config } from '../config';
import { unauthorized } from '../errors/classes';

/** Cognito signs access tokens with RS256; nothing else (no `none`, no HMAC) is taken. */
export const USER_TOKEN_ALGORITHMS = ['RS256'];
/** Tokens are long-lived enough; longer ones are not taken at all (Cognito's default is 1 hour). */
const MAX_TOKEN_LENGTH = 8_192;
/** The OIDC key path of a Cognito user pool (and of the local issuer). */
const jwksUrlOf = (issuer: string) => new URL(`${issuer.replace(/\/$/, '')}/.well-known/jwks.json`);

let keys: { issuer: string; get: JWTVerifyGetKey } | undefined;

/** The issuer's key set, fetched on first use and again (jose's cooldown) when a token names an unknown `kid`. */
function keySetOf(jose: typeof import('jose'), issuer: string): JWTVerifyGetKey {
  if (keys?.issuer !== issuer)
    keys = {
      issuer,
      get: jose.createRemoteJWKSet(jwksUrlOf(issuer), { timeoutDuration: 3_000, cooldownDuration: 30_000 }),
    };
  return keys.get;
}

export interface VerifiedUserToken {
  userId: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

/**
 * Verifies a user access token (Cognito-shaped: `token_use` access, `client_id` the app client)
 * by its signature against the issuer's JWKS, its issuer, client, use and expiry at `now`.
 * Anything else is 401; an issuer that cannot be reached is too (the caller may retry).
 */
export async function verifyUserToken(token: string, now: Date): Promise<VerifiedUserToken> {
  const { userPoolIssuer: issuer, userPoolClientId: clientId } = config();
  if (!issuer || !clientId || token.length > MAX_TOKEN_LENGTH) throw unauthorized('Invalid authentication');
  // jose (in the layer) loads on the first user token: functions called only with API keys never load it.
  const jose = await import('jose');
  try {
    const { payload } = await jose.jwtVerify(token, keySetOf(jose, issuer), {
      issuer,
      algorithms: USER_TOKEN_ALGORITHMS,
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    });
    if (
      payload.token_use !== 'access' ||
      payload.client_id !== clientId ||
      typeof payload.sub !== 'string' ||
      !payload.sub
    ) {
      throw unauthorized('Invalid authentication');
    }
    return { userId: payload.sub, expiresAt: payload.exp! * 1000 };
  } catch (error) {
    if (error instanceof jose.errors.JOSEError) throw unauthorized('Invalid authentication');
    throw error;
  }
}
