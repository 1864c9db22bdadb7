import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import type { DeliverMessage } from '../core/notifications/outbox';
import { sendMessages } from '../core/queues';

/**
 * Notifications entering the table (written with the change that calls for them; filtered to them:
 * core/infrastructure.ts STREAM_CONSUMERS), handed to the notifications queue, whose consumer sends them
 * with the queue's retries, rate bound and dead-letter queue. A failed batch is retried by the mapping.
 */
export const handler = observedConsumer(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const ids = event.Records.map((record) => record.dynamodb?.NewImage?.id?.S);
  const missing = event.Records.find((_, i) => !ids[i]);
  if (missing) throw new Error(`stream record ${missing.eventID} carries no notification id`);
  await sendMessages(
    'notifications',
    ids.map((notificationId) => ({ body: { notificationId: notificationId! } satisfies DeliverMessage })),
  );
  return { batchItemFailures: [] };
});
