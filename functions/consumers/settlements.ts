import { observedConsumer } from '../core/consumer';
import { runSettlements } from '../settlements';

/**
 * The settlement run: on AWS an EventBridge Scheduler schedule invokes it (lib/constructs/functions.ts), locally the
 * local platform does on an interval (bin/local/settlement-schedule.ts); each merchant's periods go by its account's
 * clock, a test account's test clock included. Runs overlap safely: a period is settled once.
 */
export const handler = observedConsumer(() => runSettlements());
