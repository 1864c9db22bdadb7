import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { deadLetterQueueUrlVariable, queueUrlVariable } from '../../../lib/definitions';
import { MAX_DELAY_SECONDS } from '../timers';

/**
 * Asks the webhook consumer to attempt one delivery. `nextAttemptAt` names the scheduled attempt
 * the message is for: once the delivery has moved on (attempted, rescheduled) the message is stale
 * and dropped, so a duplicated retry message cannot grow into a second retry chain.
 */
export interface DeliveryMessage {
  deliveryId: string;
  nextAttemptAt?: string;
}

let sqs: SQSClient | undefined;

async function send(variable: string, message: DeliveryMessage, delaySeconds: number): Promise<void> {
  const queueUrl = process.env[variable];
  if (!queueUrl) throw new Error(`${variable} is not set`);
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
}

/**
 * Delivers the message at `at` or a little later; waits beyond SQS's 15-minute limit are re-delayed
 * by the consumer. At least one second, so the message never overtakes the record of the schedule
 * it belongs to (the record is written right after the message is sent).
 */
export function scheduleDelivery(message: DeliveryMessage, at: Date, now: Date): Promise<void> {
  const delay = Math.ceil((at.getTime() - now.getTime()) / 1000);
  return send(queueUrlVariable('webhooks'), message, Math.min(MAX_DELAY_SECONDS, Math.max(1, delay)));
}

/** Parks a delivery given up on where operators look for failed work. */
export function sendToDeadLetterQueue(message: DeliveryMessage): Promise<void> {
  return send(deadLetterQueueUrlVariable('webhooks'), message, 0);
}
