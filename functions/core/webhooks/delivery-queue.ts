import { delaySecondsUntil, sendMessages } from '../queues';
import { setAlarm } from '../test-clock/alarms';

/**
 * Asks the webhook consumer to attempt one delivery. `nextAttemptAt` names the scheduled attempt
 * the message is for: once the delivery has moved on (attempted, rescheduled) the message is stale
 * and dropped, so a duplicated retry message cannot grow into a second retry chain.
 */
export interface DeliveryMessage {
  deliveryId: string;
  nextAttemptAt?: string;
}

/**
 * Delivers the message at `at` or a little later; waits beyond SQS's 15-minute limit are re-delayed
 * by the consumer. At least one second, so the message never overtakes the record of the schedule
 * it belongs to (the record is written right after the message is sent). `now` is the time on the
 * delivery's account clock; a clock that can be advanced also keeps an alarm (test-clock/alarms).
 */
export async function scheduleDelivery(message: DeliveryMessage, at: Date, now: Date): Promise<void> {
  await Promise.all([
    sendMessages('webhooks', [{ body: message, delaySeconds: delaySecondsUntil(at, now, 1) }]),
    setAlarm('webhooks', message, at, now),
  ]);
}

/**
 * Asks for the first attempt of new deliveries, at once: their records exist already, so no delay
 * is needed. Attempts run in the webhook consumer, so a slow receiver never holds up what fans out.
 */
export function requestFirstAttempts(deliveryIds: string[]): Promise<void> {
  return sendMessages(
    'webhooks',
    deliveryIds.map((deliveryId) => ({ body: { deliveryId } satisfies DeliveryMessage })),
  );
}

/** Parks a delivery given up on where operators look for failed work. */
export function sendToDeadLetterQueue(message: DeliveryMessage): Promise<void> {
  return sendMessages('webhooks', [{ body: message }], { deadLetter: true });
}
