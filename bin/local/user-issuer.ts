import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { USER_TOKEN_ALGORITHMS } from '../../functions/core/auth/user-token';

/**
 * The local platform's own OIDC issuer, standing in for the Cognito user pool: it publishes its
 * JWKS at `<issuer>/.well-known/jwks.json` (and a discovery document) over HTTP, and signs access
 * tokens shaped like Cognito's (RS256, `token_use` access, `client_id`, `sub` the user id), which
 * the functions verify with the very code that verifies Cognito's (core/auth/user-token.ts).
 */
export const LOCAL_USER_CLIENT_ID = 'local-app-client';
/** Cognito's access tokens last an hour by default; so do these. */
const ACCESS_TOKEN_SECONDS = 3600;

export interface IssuerKey {
  kid: string;
  privateJwk: JWK;
}

const userIssuerKeysFile = (stateDir: string) => join(stateDir, 'user-issuer-keys.json');

async function newIssuerKey(): Promise<IssuerKey> {
  const { privateKey } = await generateKeyPair(USER_TOKEN_ALGORITHMS[0], { extractable: true, modulusLength: 2048 });
  return { kid: randomBytes(8).toString('hex'), privateJwk: await exportJWK(privateKey) };
}

/** Like the webhook signing keys: made once per state folder (or per run in memory). */
export async function localIssuerKey(stateDir: string, inMemory: boolean): Promise<IssuerKey> {
  if (inMemory) return newIssuerKey();
  const file = userIssuerKeysFile(stateDir);
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(await newIssuerKey(), null, 2), { mode: 0o600 });
  return JSON.parse(readFileSync(file, 'utf8')) as IssuerKey;
}

/** Public members copied by name, so the private exponent and primes are never published. */
const publicJwk = ({ kid, privateJwk: { n, e } }: IssuerKey): JWK => ({
  kty: 'RSA',
  n,
  e,
  kid,
  use: 'sig',
  alg: USER_TOKEN_ALGORITHMS[0],
});

export interface UserIssuer {
  issuer: string;
  stop(): Promise<void>;
}

/** Serves the issuer's JWKS and discovery document on 127.0.0.1. */
export function startUserIssuer(key: IssuerKey, port: number): Promise<UserIssuer> {
  const issuer = `http://127.0.0.1:${port}/local-user-pool`;
  const documents: Record<string, unknown> = {
    '/local-user-pool/.well-known/jwks.json': { keys: [publicJwk(key)] },
    '/local-user-pool/.well-known/openid-configuration': {
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: USER_TOKEN_ALGORITHMS,
    },
  };
  const server: Server = createServer((req, res) => {
    const document = req.method === 'GET' ? documents[req.url ?? ''] : undefined;
    res.writeHead(document ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
    res.end(JSON.stringify(document ?? { message: 'Not Found' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ issuer, stop: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}

export interface TokenOptions {
  issuer: string;
  clientId?: string;
  now?: Date;
  expiresInSeconds?: number;
  /** Overrides of the claims, for tests of what the verifier refuses. */
  claims?: Record<string, unknown>;
}

/** A Cognito-shaped access token for the user, signed by the issuer's key. */
export async function signUserToken(key: IssuerKey, userId: string, options: TokenOptions): Promise<string> {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims = {
    sub: userId,
    client_id: options.clientId ?? LOCAL_USER_CLIENT_ID,
    token_use: 'access',
    scope: 'openid email profile',
    auth_time: now,
    username: userId,
    origin_jti: randomUUID(),
    event_id: randomUUID(),
    ...options.claims,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: USER_TOKEN_ALGORITHMS[0], kid: key.kid })
    .setIssuer(options.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? ACCESS_TOKEN_SECONDS))
    .setJti(randomUUID())
    .sign(await importJWK(key.privateJwk, USER_TOKEN_ALGORITHMS[0]));
}
