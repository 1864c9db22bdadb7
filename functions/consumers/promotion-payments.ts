import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { countPayment } from '../promotions';

/**
 * Paid payment requests, from the table's stream (their `paid` activities: core/infrastructure.ts
 * STREAM_CONSUMERS), counted toward their payers' promotions off the request path. Records are
 * counted one after another: a member's payments move one progress item. A record delivered again
 * counts nothing twice (count-payment.ts); a failed one is reported, and the batch retried from it.
 */
export const handler = observedConsumer(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    try {
      const id = image?.paymentRequestId?.S;
      const at = image?.createdAt?.S;
      if (!id || !at) throw new Error(`stream record ${record.eventID} carries no paid payment request`);
      await countPayment(id, at);
    } catch (error) {
      logger.error('promotion payment failed', { eventID: record.eventID, error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
