import { randomBytes } from 'node:crypto';
import type { JWK, KeyLike } from 'jose';
import { config } from '../config';
import { serviceUnavailable } from '../errors/classes';
import { readSecretString } from '../secrets';

/** One ES256 (P-256) webhook signing key. A retired key neither signs nor is published. */
export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  createdAt: string;
  retiredAt?: string;
}

export interface SigningKeySet {
  keys: SigningKey[];
}

/** `20261122-1a2b3c4d`: the creation day makes a kid readable; the random part makes it unique. */
const kidFor = (now: Date) => `${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;

export async function newSigningKey(now: Date): Promise<SigningKey> {
  const { exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const { kty, crv, x, y, d } = await exportJWK(privateKey);
  return { kid: kidFor(now), privateJwk: { kty, crv, x, y, d }, createdAt: now.toISOString() };
}

/** Adds a key, which signs from now on; older keys stay published until retired. */
export async function rotate(set: SigningKeySet, now: Date): Promise<SigningKeySet> {
  return { keys: [...set.keys, await newSigningKey(now)] };
}

/** Stops publishing a key, so tokens it signed no longer verify. */
export function retire(set: SigningKeySet, kid: string, now: Date): SigningKeySet {
  const key = set.keys.find((k) => k.kid === kid);
  if (!key) throw new Error(`no signing key ${kid}`);
  if (key.retiredAt) throw new Error(`signing key ${kid} is already retired`);
  if (activeKeys(set).length === 1) throw new Error(`signing key ${kid} is the only active key: rotate first`);
  return { keys: set.keys.map((k) => (k.kid === kid ? { ...k, retiredAt: now.toISOString() } : k)) };
}

const activeKeys = (set: SigningKeySet) => set.keys.filter((k) => !k.retiredAt);

/** The newest active key; of keys created in the same millisecond, the one added last. */
/**
 * A rotated key is published before it signs: receivers cache the JWKS (max-age 5 minutes) and
 * functions cache the key set (5 minutes), so a key signs only once every cached JWKS can hold it.
 */
export const PUBLISH_BEFORE_SIGNING_MS = 10 * 60_000;

/**
 * The key that signs at `now`: the newest active key published long enough ago. While none is
 * (a first key, or several rotations within the delay), the longest-published active key signs:
 * it is the one receivers most likely hold.
 */
export function signerOf(set: SigningKeySet, now: Date): SigningKey | undefined {
  const byAge = [...activeKeys(set)].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  const published = byAge.filter((k) => Date.parse(k.createdAt) <= now.getTime() - PUBLISH_BEFORE_SIGNING_MS);
  return published.at(-1) ?? byAge[0];
}

/** Public members are copied by name, so a private member (`d`) can never be published. */
export function publicJwksOf(set: SigningKeySet): { keys: JWK[] } {
  return {
    keys: activeKeys(set).map(({ kid, privateJwk: { x, y } }) => ({
      kty: 'EC',
      crv: 'P-256',
      x,
      y,
      kid,
      use: 'sig',
      alg: 'ES256',
    })),
  };
}

export function parseSigningKeySet(json: string): SigningKeySet {
  const set = JSON.parse(json) as SigningKeySet;
  const wellFormed = (k: SigningKey) =>
    typeof k?.kid === 'string' &&
    typeof k.createdAt === 'string' &&
    k.privateJwk?.kty === 'EC' &&
    k.privateJwk.crv === 'P-256' &&
    typeof k.privateJwk.d === 'string';
  if (!Array.isArray(set?.keys) || !set.keys.every(wellFormed)) {
    throw new Error(
      'malformed webhook signing key set: expected {keys: [{kid, privateJwk (EC P-256), createdAt, retiredAt?}]}',
    );
  }
  return set;
}

/**
 * Re-read this often, so a rotation in Secrets Manager reaches running containers without a redeploy:
 * Powertools Parameters keeps the secret this long per function instance (a failed read is not
 * kept: the next call, a retried delivery, tries again). The 10-minute publish-before-signing delay
 * above assumes this 5-minute cache.
 */
const KEY_SET_MAX_AGE_SECONDS = 5 * 60;

async function loadSigningKeySet(): Promise<SigningKeySet> {
  const { webhookSigningKeys: inline, webhookSigningKeysSecretArn: secretArn } = config();
  if (inline) return parseSigningKeySet(inline);
  if (secretArn) return parseSigningKeySet(await readSecretString(secretArn, KEY_SET_MAX_AGE_SECONDS));
  throw new Error('WEBHOOK_SIGNING_KEYS or WEBHOOK_SIGNING_KEYS_SECRET_ARN must be set');
}

export async function publicJwks(): Promise<{ keys: JWK[] }> {
  return publicJwksOf(await loadSigningKeySet());
}

const imported = new Map<string, Promise<KeyLike>>();

/**
 * The key webhooks are signed with now. None yet (a fresh deploy before the first
 * `rotate-signing-key`) is a 503: deliveries wait and retry rather than fail for good.
 */
export async function currentSigningKey(now: Date): Promise<{ kid: string; privateKey: KeyLike }> {
  const signer = signerOf(await loadSigningKeySet(), now);
  if (!signer) throw serviceUnavailable('WEBHOOK_SIGNING_KEY_MISSING');
  let privateKey = imported.get(signer.kid);
  if (!privateKey) {
    privateKey = import('jose').then(({ importJWK }) => importJWK(signer.privateJwk, 'ES256') as Promise<KeyLike>);
    imported.set(signer.kid, privateKey);
  }
  return { kid: signer.kid, privateKey: await privateKey };
}
