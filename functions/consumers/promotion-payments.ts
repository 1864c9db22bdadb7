import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { countOrRecord } from '../promotions';

/**
 * Paid payment requests, from the table's stream (the payments that settled them, their `paid` activity's time:
 * core/infrastructure.ts STREAM_CONSUMERS), counted toward their payers' promotions off the request path. Records are
 * counted one after another: a member's payments move one progress item. A record delivered again
 * counts nothing twice (count-payment.ts). One that cannot be counted is recorded for the
 * promotion sweep (promotion-sweep.ts), so the stream moves on without losing it; only a record
 * that could not even be recorded is reported, the batch retried from it (and on AWS, once its
 * retries are spent, its place in the stream parked in the stream-failures queue).
 */
export const handler = observedConsumer(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    try {
      const id = image?.paymentRequestId?.S;
      const at = image?.createdAt?.S;
      if (!id || !at) throw new Error(`stream record ${record.eventID} carries no paid payment request`);
      await countOrRecord(id, at);
    } catch (error) {
      logger.error('promotion payment neither counted nor recorded', { eventID: record.eventID, error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
