import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { runBatchMessage, type BatchMessage } from '../batches';

/**
 * Runs batch messages (start a batch, process a chunk), side by side; a message that fails stays on
 * the queue and is delivered again, which every step is safe against.
 */
export const handler = observedConsumer(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const results = await Promise.allSettled(
    event.Records.map((record) => runBatchMessage(JSON.parse(record.body) as BatchMessage)),
  );
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    logger.error('batch message failed', { messageId: event.Records[i].messageId, error: result.reason });
    failures.push({ itemIdentifier: event.Records[i].messageId });
  });
  return { batchItemFailures: failures };
});
