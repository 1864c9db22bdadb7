import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { deadLetterQueueUrlVariable, queueUrlVariable } from './infrastructure';
import { sdkClient } from './observability';

/** SQS delays messages by at most 15 minutes; longer waits are re-delayed by their consumer. */
const MAX_DELAY_SECONDS = 900;

/** SQS takes at most 10 messages a batch. */
const BATCH_SIZE = 10;

export interface OutgoingMessage {
  body: unknown;
  delaySeconds?: number;
}

let sqs: SQSClient | undefined;

/**
 * A queue of core/infrastructure (or its dead-letter queue), addressed by the URL the stack or the local platform sets.
 */
function queueUrl(name: string, deadLetter: boolean): string {
  const variable = deadLetter ? deadLetterQueueUrlVariable(name) : queueUrlVariable(name);
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set`);
  return url;
}

/** Sends messages as JSON to a queue, in batches; any message SQS did not take is an error. */
export async function sendMessages(
  queue: string,
  messages: OutgoingMessage[],
  options: { deadLetter?: boolean } = {},
): Promise<void> {
  const url = queueUrl(queue, options.deadLetter === true);
  sqs ??= sdkClient(new SQSClient({ useQueueUrlAsEndpoint: false }));
  for (let i = 0; i < messages.length; i += BATCH_SIZE) {
    const batch = messages.slice(i, i + BATCH_SIZE);
    const out = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: batch.map((message, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify(message.body),
          DelaySeconds: message.delaySeconds,
        })),
      }),
    );
    if (out.Failed?.length)
      throw new Error(`queue ${queue}: ${out.Failed.length} of ${batch.length} messages not sent`);
  }
}

/** The SQS delay that makes a message arrive at `at` (or, past SQS's limit, as late as it can). */
export function delaySecondsUntil(at: Date, now: Date, minimum = 0): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(minimum, Math.ceil((at.getTime() - now.getTime()) / 1000)));
}
