import { createLocalJWKSet, jwtVerify } from 'jose';
import { signNotificationJwt } from '../../functions/core/webhooks/sign';
import { parseSigningKeySet } from '../../functions/core/webhooks/signing-keys';
import { api } from '../support/api';

/** The key set the test platform generated for this run (global setup shares its environment). */
const configured = () => parseSigningKeySet(process.env.WEBHOOK_SIGNING_KEYS ?? '');

describe('GET /api/.well-known/jwks.json', () => {
  it('serves the public signing keys without an API key, cacheable for 5 minutes', async () => {
    const res = await api('GET', '/api/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body.keys.length).toBeGreaterThan(0);
    for (const key of res.body.keys) {
      expect(key).toEqual({
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: expect.any(String),
        use: 'sig',
        alg: 'ES256',
      });
    }
    expect(res.body.keys.map((k: { kid: string }) => k.kid)).toEqual(configured().keys.map((k) => k.kid));
  });

  it('never serves a private member', async () => {
    const res = await api('GET', '/api/.well-known/jwks.json');
    expect(JSON.stringify(res.body)).not.toMatch(/"d"/);
    for (const { privateJwk } of configured().keys) expect(JSON.stringify(res.body)).not.toContain(privateJwk.d);
  });

  it('verifies a webhook JWT signed with the platform key', async () => {
    const url = 'https://receiver.example.com/hooks';
    const token = await signNotificationJwt({ url, body: '{}', now: new Date() });
    const jwks = (await api('GET', '/api/.well-known/jwks.json')).body;
    await expect(jwtVerify(token, createLocalJWKSet(jwks), { audience: url })).resolves.toBeDefined();
  });
});
