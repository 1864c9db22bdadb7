import { config } from '../config';
import { defineEntity, type TableKey } from '../db/entity';
import type { TransactionStep } from '../db/transaction';
import { derivedId } from '../ids';
import { NOTIFICATION_KEY_PREFIX } from './keys';
import type { TemplateData, TemplateName } from './templates';

/** Where a notification goes: an email address, or an E.123 phone number for a text message. */
export type Channel = 'email' | 'sms';

/**
 * The resource a notification is about, and so what its delivery moves (the consumer's hooks,
 * functions/consumers/notifications.ts): an invitation `sent`, an asset transfer `sent` with `lastSentTo`…
 */
export interface NotificationSubject {
  kind: 'invitation' | 'asset-transfer' | 'integration-request' | 'bank-account-approval' | 'sales-channel-digest';
  id: string;
}

/**
 * `queued` until a sender takes it (`sending`, with the time it started, so a crashed attempt is retried
 * after a while), then `sent` with the provider's message id, or `suppressed` (the address bounced or
 * complained; never sent).
 */
type NotificationStatus = 'queued' | 'sending' | 'sent' | 'suppressed';

export interface Notification {
  id: string;
  channel: Channel;
  to: string;
  template: TemplateName;
  data: TemplateData;
  subject: NotificationSubject;
  /** The test or live world it belongs to (a test account's messages go to the same inbox, marked). */
  test: boolean;
  status: NotificationStatus;
  createdAt: string;
  attempts: number;
  sendingSince?: string;
  sentAt?: string;
  providerMessageId?: string;
  suppressedReason?: string;
}

const notificationKey = (id: string): TableKey => ({ PK: `${NOTIFICATION_KEY_PREFIX}${id}`, SK: 'NOTIFICATION' });

/** A notification as stored: written in its cause's transaction, moved only by the notifications consumer. */
export const notificationEntity = defineEntity<Notification, [id: string]>({
  type: 'notification',
  version: 1,
  key: notificationKey,
  keyOf: (n) => notificationKey(n.id),
  required: ['id', 'channel', 'to', 'template', 'data', 'subject', 'test', 'status', 'createdAt', 'attempts'],
});

/** Notifications stay readable for a month (the record of what was sent, and why not), then TTL drops them. */
const RETENTION_SECONDS = 30 * 24 * 3600;

export type NotificationInput = Pick<Notification, 'channel' | 'to' | 'template' | 'data' | 'subject' | 'test'>;

/**
 * The step that queues a notification inside the transaction of the change that calls for it: it exists
 * exactly when that change committed, and the table stream hands it to the notifications queue, so nothing
 * is sent on the request path. Its id derives from the subject and template: one notification per purpose,
 * however often the cause is retried.
 */
export function notificationStep(input: NotificationInput, at: string): TransactionStep {
  const notification: Notification = {
    ...input,
    id: derivedId(undefined, 'notification', input.subject.kind, input.subject.id, input.template),
    status: 'queued',
    createdAt: at,
    attempts: 0,
  };
  return notificationEntity.createStep(notification, {
    extra: { ttl: Math.floor(Date.parse(at) / 1000) + RETENTION_SECONDS },
  });
}

/** The step that emails the platform's operations desk about a subject (something a person there must act on). */
export function operationsNotice(input: Omit<NotificationInput, 'channel' | 'to'>, at: string): TransactionStep {
  return notificationStep({ ...input, channel: 'email', to: config().notifications.operationsEmail }, at);
}

/** The message with which the table stream asks the notifications consumer to deliver one notification. */
export interface DeliverMessage {
  notificationId: string;
}
