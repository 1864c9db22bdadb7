import { observedConsumer } from '../core/consumer';
import { runSalesChannelDigests } from '../sales-channels';

/**
 * The sales channel digest run: on AWS an EventBridge Scheduler schedule invokes it (lib/constructs/functions.ts),
 * locally the local platform does on an interval (bin/local/platform.ts); each channel's periods go by its account's
 * clock, a test account's test clock included. Runs overlap safely: a period is digested once.
 */
export const handler = observedConsumer(() => runSalesChannelDigests());
