import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlVariable } from '../../lib/definitions';

/** SQS delays messages by at most 15 minutes; later timers are re-delayed by the consumer. */
export const MAX_DELAY_SECONDS = 900;

export type TimerKind = 'payment-request-expiry';

export interface TimerMessage {
  kind: TimerKind;
  id: string;
  dueAt: string;
}

let sqs: SQSClient | undefined;

/**
 * The one scheduling port: a message on the timers queue that arrives at (or after) `dueAt`.
 * A late or lost timer loses nothing, because reads and writes check due times themselves.
 */
export async function scheduleTimer(timer: TimerMessage, now: Date): Promise<void> {
  const queueUrl = process.env[queueUrlVariable('timers')];
  if (!queueUrl) throw new Error(`${queueUrlVariable('timers')} is not set`);
  const delay = Math.ceil((Date.parse(timer.dueAt) - now.getTime()) / 1000);
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(timer),
      DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, delay)),
    }),
  );
}
