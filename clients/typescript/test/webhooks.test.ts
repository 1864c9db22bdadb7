import { createHash } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type KeyLike, SignJWT } from 'jose';
import { WebhookVerificationError, webhookVerifier } from '../src';

const URL = 'https://hooks.example.com/payments';
const body = JSON.stringify({
  id: 'evt_1',
  type: 'payment-request:paid',
  data: { paymentRequestId: 'pr_1' },
  accountId: 'acc_1',
  test: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

let platformKey: KeyLike;
let otherKey: KeyLike;
let verify: ReturnType<typeof webhookVerifier>;

beforeAll(async () => {
  const platform = await generateKeyPair('ES256');
  platformKey = platform.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(platform.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  verify = webhookVerifier('http://platform.test', { keys: createLocalJWKSet({ keys: [jwk] }) });
});

/** A token as the platform signs one (functions/core/webhooks/sign.ts), with `claims` overriding its own. */
async function token(options: { claims?: Record<string, unknown>; key?: KeyLike; issuedAgo?: number } = {}) {
  const iat = Math.floor(Date.now() / 1000) - (options.issuedAgo ?? 0);
  const claims = { aud: URL, request_body_sha256: createHash('sha256').update(body).digest('hex'), ...options.claims };
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(options.key ?? platformKey);
  return jwt;
}

describe('webhookVerifier', () => {
  it('answers the notification of a delivery signed for this URL and body', async () => {
    const notification = await verify({ authorization: await token(), rawBody: body, url: URL });
    expect(notification).toEqual(JSON.parse(body));
    const bytes = new TextEncoder().encode(body);
    const bearer = `Bearer ${await token()}`;
    expect(await verify({ authorization: bearer, rawBody: bytes, url: URL })).toEqual(JSON.parse(body));
  });

  it.each([
    ['no token', async () => ({ authorization: undefined, rawBody: body, url: URL }), /no JWT/],
    ['a token that is no JWT', async () => ({ authorization: 'Bearer secret', rawBody: body, url: URL }), /no JWT/],
    ['another URL', async () => ({ authorization: await token(), rawBody: body, url: `${URL}/x` }), /aud/],
    ['an altered body', async () => ({ authorization: await token(), rawBody: `${body} `, url: URL }), /sha256/],
    [
      'an expired token',
      async () => ({ authorization: await token({ issuedAgo: 301 }), rawBody: body, url: URL }),
      /exp/,
    ],
    [
      'another signer',
      async () => ({ authorization: await token({ key: otherKey }), rawBody: body, url: URL }),
      /signature/,
    ],
    [
      'no body hash',
      async () => ({
        authorization: await token({ claims: { request_body_sha256: undefined } }),
        rawBody: body,
        url: URL,
      }),
      /request_body_sha256/,
    ],
  ])('refuses %s', async (_name, delivery, reason) => {
    const verdict = verify(await delivery());
    await expect(verdict).rejects.toThrow(WebhookVerificationError);
    await expect(verify(await delivery())).rejects.toThrow(reason);
  });
});
