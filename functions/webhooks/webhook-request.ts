import type { WebhookEvent } from '../core/webhooks/outbox';
import { signLegacyJwt, signNotificationJwt } from '../core/webhooks/sign';

/**
 * What one attempt POSTs. Notifications: the notification model as the body, a JWT bound to the
 * receiver's URL and the exact body bytes in `Authorization`. Legacy: `{token}`, the JWT of the payload.
 * A sales channel's digest: the digest as the body, signed as notifications are.
 * Signed per attempt, so a retry hours later still carries a token that has not expired.
 */
export async function webhookRequest(
  event: WebhookEvent,
  url: string,
  now: Date,
): Promise<{ body: string; headers: Record<string, string> }> {
  if (event.kind === 'legacy')
    return { body: JSON.stringify({ token: await signLegacyJwt(event.payload, now) }), headers: {} };
  const body = JSON.stringify(
    event.kind === 'sales-channel'
      ? {
          id: event.id,
          salesChannelId: event.salesChannelId,
          ...event.data,
          test: event.test,
          createdAt: event.createdAt,
        }
      : {
          id: event.id,
          type: event.type,
          data: event.data,
          accountId: event.accountId,
          test: event.test,
          createdAt: event.createdAt,
        },
  );
  return { body, headers: { authorization: await signNotificationJwt({ url, body, now }) } };
}
