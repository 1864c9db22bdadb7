import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { now } from '../core/clock';
import { scheduleTimer, type TimerMessage } from '../core/timers';
import { loadPaymentRequest } from '../payment-requests';

/** Runs due timers; a timer that arrives early (long delays) is sent on again. */
export const handler = observedConsumer(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await run(JSON.parse(record.body) as TimerMessage);
    } catch (error) {
      logger.error('timer failed', { messageId: record.messageId, error: String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});

async function run(timer: TimerMessage): Promise<void> {
  const at = now();
  if (Date.parse(timer.dueAt) > at.getTime()) return scheduleTimer(timer, at);
  switch (timer.kind) {
    case 'payment-request-expiry':
      await loadPaymentRequest(timer.id, at);
      return;
  }
}
