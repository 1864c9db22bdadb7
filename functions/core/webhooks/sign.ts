import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { currentSigningKey } from './signing-keys';

/** Receivers reject a token older than this, which bounds replays. */
const LIFETIME_SECONDS = 300;

async function sign(claims: JWTPayload, now: Date): Promise<string> {
  const { kid, privateKey } = await currentSigningKey(now);
  const { SignJWT } = await import('jose');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_SECONDS)
    .sign(privateKey);
}

/**
 * The `Authorization` JWT of a notification: bound to the receiver (`aud` = its registered URL)
 * and to the exact bytes sent (`request_body_sha256`), so it cannot be replayed elsewhere or
 * with another body.
 */
export function signNotificationJwt(input: { url: string; body: string; now: Date }): Promise<string> {
  const request_body_sha256 = createHash('sha256').update(input.body, 'utf8').digest('hex');
  return sign({ aud: input.url, request_body_sha256 }, input.now);
}

/** The `token` of a legacy webhook body: the legacy payload itself is the claims. */
export function signLegacyJwt(payload: Record<string, unknown>, now: Date): Promise<string> {
  return sign(payload, now);
}
