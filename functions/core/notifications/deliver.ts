import { isoTimestamp } from '../clock';
import { TransactionConflictError } from '../db/transaction';
import { notificationEntity, type Notification } from './outbox';
import type { Send } from './senders';
import { findSuppression } from './suppression';
import { renderMessage } from './templates';

/**
 * What a delivered notification moves on its subject (an invitation `sent`, an asset transfer `sent` with
 * `lastSentTo`…): a conditional change, so applying it again, or to a subject that moved on, changes nothing.
 */
export type OnSent = (notification: Notification, at: Date) => Promise<void>;

/**
 * An attempt that started this long ago and never finished (its Lambda timed out or crashed) is taken over;
 * longer than the consumer's timeout, so a slow attempt still running is never doubled.
 */
const STALE_ATTEMPT_MS = 60_000;

/**
 * Delivers one queued notification, once: a suppressed address is recorded and skipped; otherwise the
 * attempt is claimed (`sending`, conditional on being queued or stale), the message rendered and handed to
 * its provider, the notification marked `sent` with the provider's message id, and then its subject moved.
 * A redelivered message finds it `sent` and only re-applies the (idempotent) subject change. A provider's
 * failure gives the attempt back and is thrown: the queue retries with its backoff, then the DLQ.
 */
export async function deliverNotification(id: string, send: Send, onSent: OnSent, now: Date): Promise<void> {
  const notification = await notificationEntity.get(id);
  if (!notification || notification.status === 'suppressed') return;
  if (notification.status === 'sent') return onSent(notification, now);
  const at = isoTimestamp(now);
  const suppressed = notification.channel === 'email' ? await findSuppression(notification.to) : undefined;
  if (suppressed) {
    await notificationEntity.update([id], {
      set: { status: 'suppressed', suppressedReason: `${suppressed.reason}: ${suppressed.detail ?? ''}`.trim() },
      if: { expression: '#status <> :sent', names: { '#status': 'status' }, values: { ':sent': 'sent' } },
    });
    return;
  }
  const stale = isoTimestamp(new Date(now.getTime() - STALE_ATTEMPT_MS));
  await notificationEntity.update([id], {
    set: { status: 'sending', sendingSince: at },
    add: { attempts: 1 },
    if: {
      expression: '#status = :queued OR (#status = :sending AND sendingSince < :stale)',
      names: { '#status': 'status' },
      values: { ':queued': 'queued', ':sending': 'sending', ':stale': stale },
    },
    // Another attempt holds it (or finished meanwhile): this message comes back and finds out which.
    onConditionFailed: () => new TransactionConflictError(),
  });
  const ours = {
    expression: '#status = :sending AND sendingSince = :at',
    names: { '#status': 'status' },
    values: { ':sending': 'sending', ':at': at },
  };
  let messageId: string;
  try {
    messageId = await send(
      notification.channel,
      notification.to,
      renderMessage(notification.template, notification.data),
    );
  } catch (error) {
    await notificationEntity
      .update([id], { set: { status: 'queued' }, remove: ['sendingSince'], if: ours })
      .catch(() => undefined);
    throw error;
  }
  const sent = await notificationEntity.update([id], {
    set: { status: 'sent', sentAt: at, providerMessageId: messageId },
    remove: ['sendingSince'],
    if: ours,
  });
  await onSent(sent, now);
}
