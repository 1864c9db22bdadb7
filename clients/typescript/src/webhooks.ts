import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { components } from './schema';

type LoggedEvent = components['schemas']['WebhookEvent'];

/** The body of a notification delivery: the event as the log lists it, without the log's own fields. */
export type WebhookNotification = Pick<LoggedEvent, 'id' | 'type' | 'accountId' | 'test' | 'createdAt'> & {
  data: Record<string, unknown>;
};

/** A delivery that did not come from the platform, was meant for another URL, expired, or was altered. */
export class WebhookVerificationError extends Error {}

export interface WebhookDelivery {
  /** The `Authorization` header as received: the JWT (a `Bearer ` prefix is accepted too). */
  authorization: string | null | undefined;
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array;
  /** The URL this endpoint was registered with: the token's `aud`. */
  url: string;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A verifier of the platform's webhook deliveries (docs/api/webhooks.md): the `Authorization` JWT must be ES256,
 * signed by a key of the platform's JWKS (`<platform>/api/.well-known/jwks.json`, fetched and cached by jose, so
 * a rotated key is picked up), unexpired, addressed to `url`, and carry the SHA-256 of the exact body. It answers
 * the parsed notification, or throws {@link WebhookVerificationError}.
 */
export function webhookVerifier(
  platformUrl: string,
  options: { keys?: JWTVerifyGetKey } = {},
): (delivery: WebhookDelivery) => Promise<WebhookNotification> {
  const keys = options.keys ?? createRemoteJWKSet(new URL('/api/.well-known/jwks.json', platformUrl));
  return async ({ authorization, rawBody, url }) => {
    const token = /^(?:Bearer )?([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new WebhookVerificationError('no JWT in the Authorization header');
    const bytes = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        algorithms: ['ES256'],
        audience: url,
        requiredClaims: ['exp', 'iat', 'request_body_sha256'],
      }));
    } catch (error) {
      throw new WebhookVerificationError(`token rejected: ${(error as Error).message}`);
    }
    if (claims.request_body_sha256 !== hex(await globalThis.crypto.subtle.digest('SHA-256', bytes))) {
      throw new WebhookVerificationError('request_body_sha256 does not match the body');
    }
    return JSON.parse(new TextDecoder().decode(bytes)) as WebhookNotification;
  };
}
