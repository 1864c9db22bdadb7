import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { fanOutEvent } from '../webhooks';

/**
 * Webhook events entering the outbox, from the table's stream (filtered to them: core/infrastructure.ts
 * STREAM_CONSUMERS). Each is fanned out to its receivers side by side; the first attempts go to the
 * webhooks queue, so a receiver never holds up the stream. A failed record is reported by its
 * sequence number: the batch is retried from it, and what still fails is left to the outbox sweep.
 */
export const handler = observedConsumer(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const results = await Promise.allSettled(event.Records.map(async (record) => fanOutEvent(eventIdOf(record))));
  const failed = results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ record: event.Records[i], reason: result.reason as unknown }] : [],
  );
  for (const { record, reason } of failed)
    logger.error('webhook event failed', { eventID: record.eventID, error: reason });
  // The event source mapping retries the batch from the lowest sequence number reported.
  return { batchItemFailures: failed.map(({ record }) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })) };
});

function eventIdOf(record: DynamoDBStreamEvent['Records'][number]): string {
  const id = record.dynamodb?.NewImage?.id?.S;
  if (!id) throw new Error(`stream record ${record.eventID} carries no webhook event id`);
  return id;
}
