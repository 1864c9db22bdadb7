import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { QUEUES } from '../../functions/core/infrastructure';
import { sdkClient } from '../../functions/core/observability';
import { handlerOf, type FunctionModules } from './bundles';
import { invokeConsumer } from './consumer-usage';

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

/** How often a batching window's gathering asks its queue for more. */
const GATHER_POLL_MS = 100;

export interface QueuePoller {
  stop(): Promise<void>;
}

/**
 * Long-polls each queue that has a consumer and invokes it with an SQS event, as the Lambda event
 * source mapping does (gathering for the queue's batching window, if it has one): reported failures stay on the
 * queue (visibility timeout, then the DLQ).
 */
export function startQueuePollers(
  queueUrls: Record<string, string>,
  region: string,
  modules: FunctionModules,
): QueuePoller {
  const sqs = sdkClient(new SQSClient({ region, useQueueUrlAsEndpoint: false }));
  let running = true;
  const loops = QUEUES.filter((queue) => queue.consumer).map(async (queue) => {
    const consumer = handlerOf<Consumer>(modules, `functions/consumers/${queue.consumer}`);
    const url = queueUrls[queue.name];
    while (running) {
      try {
        const out = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: url,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
            AttributeNames: ['All'],
          }),
        );
        const messages = out.Messages ?? [];
        if (!messages.length) continue;
        // As the event source mapping does with a batching window: more, until 10 or the window has passed.
        const gatherUntil = Date.now() + (queue.batchingWindowSeconds ?? 0) * 1000;
        while (running && messages.length < 10 && Date.now() < gatherUntil) {
          await new Promise((r) => setTimeout(r, Math.min(GATHER_POLL_MS, gatherUntil - Date.now())));
          const more = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: url,
              MaxNumberOfMessages: 10 - messages.length,
              WaitTimeSeconds: 0,
              AttributeNames: ['All'],
            }),
          );
          messages.push(...(more.Messages ?? []));
        }
        const event: SQSEvent = {
          Records: messages.map((m) => ({
            messageId: m.MessageId ?? '',
            receiptHandle: m.ReceiptHandle ?? '',
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as SQSEvent['Records'][number]['attributes'],
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:${region}:000000000000:${queue.name}`,
            awsRegion: region,
          })),
        };
        const result = await invokeConsumer(queue.consumer!, messages.length, () => consumer(event));
        const failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        const done = messages.filter((m) => !failed.has(m.MessageId ?? ''));
        if (done.length) {
          await sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: url,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })),
            }),
          );
        }
      } catch (error) {
        if (running) {
          console.error(`queue ${queue.name}:`, error);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.allSettled(loops);
      sqs.destroy();
    },
  };
}
