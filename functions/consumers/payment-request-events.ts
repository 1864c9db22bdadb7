import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { recordWebhookEventsOfChange } from '../payment-requests';

type Image = Record<string, AttributeValue>;

/**
 * Payment requests inserted or changed, from the table's stream (core/infrastructure.ts STREAM_CONSUMERS): the
 * webhook events of each change's activities are written here, off the request path, instead of in the money
 * transaction. The consumer only writes them: the webhook-events consumer fans each new one out, as it does every
 * other outbox event, so there is one fan-out path and the outbox sweep covers these events too. A change whose
 * events cannot be written now is recorded for the webhook sweep (webhook-sweep.ts), so the stream moves on without
 * losing it; only a record that is not a change, or a change that could not even be recorded, is reported, the batch
 * retried from it (what was written before is found, not written again), and once its retries are spent its place
 * in the stream is parked in the stream-failures queue.
 */
export const handler = observedConsumer(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    try {
      const { NewImage, OldImage } = record.dynamodb ?? {};
      if (!NewImage) throw new Error(`stream record ${record.eventID} carries no payment request`);
      // A change's old image says which activities it added; without it every activity would look new.
      if (record.eventName === 'MODIFY' && !OldImage)
        throw new Error(`stream record ${record.eventID} carries no old image`);
      await recordWebhookEventsOfChange(unmarshall(NewImage as Image), OldImage && unmarshall(OldImage as Image));
    } catch (error) {
      logger.error('payment request events not recorded', { eventID: record.eventID, error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
