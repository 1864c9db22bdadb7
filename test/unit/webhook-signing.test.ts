import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { signLegacyJwt, signNotificationJwt } from '../../functions/core/webhooks/sign';
import {
  newSigningKey,
  parseSigningKeySet,
  publicJwks,
  publicJwksOf,
  retire,
  rotate,
  signerOf,
  PUBLISH_BEFORE_SIGNING_MS,
  type SigningKeySet,
} from '../../functions/core/webhooks/signing-keys';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The signer reads the set from the environment, as on the local platform; config is read once per test file. */
let configured: SigningKeySet;
beforeAll(async () => {
  configured = await rotate({ keys: [] }, T0);
  process.env.WEBHOOK_SIGNING_KEYS = JSON.stringify(configured);
  delete process.env.WEBHOOK_SIGNING_KEYS_SECRET_ARN;
});

describe('signing key set', () => {
  it('makes P-256 keys with a dated kid', async () => {
    const key = await newSigningKey(T0);
    expect(key.kid).toMatch(/^20261122-[0-9a-f]{8}$/);
    expect(key.privateJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      d: expect.any(String),
    });
    expect(key.createdAt).toBe(T0.toISOString());
    expect(parseSigningKeySet(JSON.stringify({ keys: [key] }))).toEqual({ keys: [key] });
    expect(() => parseSigningKeySet('{"keys":[{"kid":"k"}]}')).toThrow(/malformed/);
  });

  it('rotates: the newest key signs, older ones stay published until retired', async () => {
    const one = await rotate({ keys: [] }, T0);
    const two = await rotate(one, later(1));
    const [first, second] = two.keys;
    // Published at once, signing only once every cached JWKS can hold it.
    expect(publicJwksOf(two).keys.map((k) => k.kid)).toEqual([first.kid, second.kid]);
    expect(signerOf(two, later(2))?.kid).toBe(first.kid);
    expect(signerOf(two, later(1 + PUBLISH_BEFORE_SIGNING_MS / 60_000))?.kid).toBe(second.kid);
    expect(signerOf(one, T0)?.kid).toBe(first.kid);

    const retired = retire(two, first.kid, later(2));
    expect(retired.keys[0].retiredAt).toBe(later(2).toISOString());
    expect(publicJwksOf(retired).keys.map((k) => k.kid)).toEqual([second.kid]);
    expect(signerOf(retired, later(2))?.kid).toBe(second.kid);
  });

  it('refuses to retire the only active key, an unknown key or a retired one', async () => {
    const one = await rotate({ keys: [] }, T0);
    expect(() => retire(one, one.keys[0].kid, later(1))).toThrow(/only active key/);
    expect(() => retire(one, 'nope', later(1))).toThrow(/no signing key nope/);
    const two = await rotate(one, later(1));
    const retired = retire(two, one.keys[0].kid, later(2));
    expect(() => retire(retired, one.keys[0].kid, later(3))).toThrow(/already retired/);
  });

  it('publishes only public members', async () => {
    const jwks = publicJwksOf(await rotate({ keys: [] }, T0));
    expect(jwks.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: expect.any(String),
        use: 'sig',
        alg: 'ES256',
      },
    ]);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    expect(signerOf({ keys: [] }, T0)).toBeUndefined();
  });
});

describe('no key yet (a fresh deploy)', () => {
  it('publishes an empty JWKS and refuses to sign with a retryable 503', async () => {
    const configuredEnv = process.env.WEBHOOK_SIGNING_KEYS;
    process.env.WEBHOOK_SIGNING_KEYS = '{"keys":[]}';
    try {
      // A fresh module registry reads the configuration again.
      await jest.isolateModulesAsync(async () => {
        const keys = await import('../../functions/core/webhooks/signing-keys');
        expect(await keys.publicJwks()).toEqual({ keys: [] });
        await expect(keys.currentSigningKey(T0)).rejects.toMatchObject({
          statusCode: 503,
          message: 'WEBHOOK_SIGNING_KEY_MISSING',
        });
      });
    } finally {
      process.env.WEBHOOK_SIGNING_KEYS = configuredEnv;
    }
  });
});

describe('webhook JWTs', () => {
  const url = 'https://receiver.example.com/hooks/payments';
  const body = JSON.stringify({ type: 'payment-request:paid', data: { id: 'pr_1' } });

  it('signs a notification that verifies against the published JWKS with aud, exp and body hash', async () => {
    const now = new Date();
    const token = await signNotificationJwt({ url, body, now });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: configured.keys[0].kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(await publicJwks()), {
      audience: url,
      currentDate: now,
    });
    expect(payload.iat).toBe(Math.floor(now.getTime() / 1000));
    expect(payload.exp).toBe(payload.iat! + 300);
    expect(payload.request_body_sha256).toBe(createHash('sha256').update(body).digest('hex'));
    await expect(jwtVerify(token, createLocalJWKSet(await publicJwks()), { audience: `${url}/other` })).rejects.toThrow(
      /aud/,
    );
    await expect(
      jwtVerify(token, createLocalJWKSet(await publicJwks()), { currentDate: new Date(now.getTime() + 301_000) }),
    ).rejects.toThrow(/exp/);
  });

  it('signs a legacy payload as the claims, with iat and exp', async () => {
    const now = new Date();
    const token = await signLegacyJwt({ transaction: { id: 'tx_1', transactionType: 'PURCHASE' } }, now);
    const { payload } = await jwtVerify(token, createLocalJWKSet(await publicJwks()), { currentDate: now });
    expect(payload).toEqual({
      transaction: { id: 'tx_1', transactionType: 'PURCHASE' },
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(now.getTime() / 1000) + 300,
    });
  });

  it('stops verifying tokens of a key once it is retired', async () => {
    const now = new Date();
    const token = await signNotificationJwt({ url, body, now });
    const rotated = await rotate(configured, now);
    await expect(jwtVerify(token, createLocalJWKSet(publicJwksOf(rotated)), { audience: url })).resolves.toBeDefined();
    const retired = retire(rotated, configured.keys[0].kid, now);
    expect(publicJwksOf(retired).keys.map((k) => k.kid)).not.toContain(configured.keys[0].kid);
    await expect(jwtVerify(token, createLocalJWKSet(publicJwksOf(retired)), { audience: url })).rejects.toThrow(
      /no applicable key/,
    );
  });
});
