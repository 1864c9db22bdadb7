import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observedConsumer } from '../core/consumer';
import { logger } from '../core/observability';
import { accountNow } from '../core/clock';
import { scheduleTimer, type TimerMessage } from '../core/timers';
import { findAccount } from '../accounts';
import { loadPaymentRequest } from '../payment-requests';
import { returnAssetTransferIfDue } from '../asset-transfers';
import { runFundsTransferTimer } from '../funds-transfers';

/** Runs due timers; a timer that arrives early (long delays) is sent on again. */
export const handler = observedConsumer(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await run(JSON.parse(record.body) as TimerMessage);
    } catch (error) {
      logger.error('timer failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});

async function run(timer: TimerMessage): Promise<void> {
  // Due on its account's clock (a test account's test clock): early until that clock reaches it.
  const at = await accountNow(timer.accountId ? await findAccount(timer.accountId) : undefined);
  if (Date.parse(timer.dueAt) > at.getTime()) return scheduleTimer(timer, at);
  switch (timer.kind) {
    case 'payment-request-expiry':
      await loadPaymentRequest(timer.id, at);
      return;
    case 'asset-transfer-return':
      await returnAssetTransferIfDue(timer.id, at);
      return;
    case 'funds-transfer-bank':
      await runFundsTransferTimer(timer.id, at);
      return;
  }
}
