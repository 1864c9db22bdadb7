import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { markAssetTransferSent } from '../asset-transfers';
import { markApprovalNotified } from '../bank-account-approvals';
import { isoTimestamp, now } from '../core/clock';
import { observedConsumer } from '../core/consumer';
import { deliverNotification, type OnSent } from '../core/notifications/deliver';
import type { DeliverMessage, NotificationSubject } from '../core/notifications/outbox';
import { send } from '../core/notifications/senders';
import { isProviderEvent, suppressAddress, suppressionsOf } from '../core/notifications/suppression';
import { logger } from '../core/observability';
import { markIntegrationRequestNotified } from '../integration-requests';
import { markInvitationSent } from '../invitations';
import { markDigestSent } from '../sales-channels';

/** What a sent notification moves on its subject, by the subject's kind (each group's own conditional change). */
const ON_SENT: Readonly<Record<NotificationSubject['kind'], OnSent>> = {
  invitation: (n, at) => markInvitationSent(n.subject.id, at),
  'asset-transfer': (n, at) => markAssetTransferSent(n.subject.id, n.to, at),
  'integration-request': (n, at) => markIntegrationRequestNotified(n.subject.id, at),
  'bank-account-approval': markApprovalNotified,
  'sales-channel-digest': markDigestSent,
};
const onSent: OnSent = (notification, at) => ON_SENT[notification.subject.kind](notification, at);

/**
 * The notifications queue carries `{notificationId}` (deliver one, from the table stream) and SES's bounce
 * and complaint events (suppress their addresses). Records run one after another: with the mapping's bounded
 * concurrency that bounds the sending rate. A failure is reported for its record only: it returns after
 * the visibility timeout, and after the queue's maxReceiveCount it is parked in the dead-letter queue.
 */
export const handler = observedConsumer(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await run(JSON.parse(record.body) as unknown);
    } catch (error) {
      logger.error('notification message failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});

async function run(body: unknown): Promise<void> {
  const at = now();
  if (isProviderEvent(body)) {
    for (const suppression of suppressionsOf(body, isoTimestamp(at))) await suppressAddress(suppression);
    return;
  }
  const { notificationId } = body as DeliverMessage;
  if (typeof notificationId !== 'string') throw new Error('not a notification message');
  await deliverNotification(notificationId, send, onSent, at);
}
