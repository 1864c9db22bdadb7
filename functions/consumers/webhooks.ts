import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import type { DeliveryMessage } from '../core/webhooks/delivery-queue';
import type { DispatchMessage } from '../core/webhooks/outbox';
import { advanceDelivery, fanOutEvent } from '../webhooks';

/**
 * The webhook queue carries two messages: `{eventId}` (fan an event out to its receivers) and
 * `{deliveryId}` (attempt one delivery). Records run side by side, so one slow receiver (up to the
 * attempt timeout) does not hold up the rest of the batch; failures are reported per record.
 */
export const handler = observedConsumer(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  // Async, so that a body that is not JSON fails its own record only.
  const results = await Promise.allSettled(
    event.Records.map(async (record) => run(JSON.parse(record.body) as DispatchMessage | DeliveryMessage)),
  );
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    const { messageId } = event.Records[i];
    logger.error('webhook message failed', { messageId, error: result.reason });
    failures.push({ itemIdentifier: messageId });
  });
  return { batchItemFailures: failures };
});

function run(message: DispatchMessage | DeliveryMessage): Promise<void> {
  return 'eventId' in message ? fanOutEvent(message.eventId) : advanceDelivery(message);
}
