import { observedConsumer } from '../core/consumer';
import { runDraws } from '../promotions';

/**
 * The draw run: draws each promotion of type `draw` whose end has come by its owner's clock (a test clock included) and
 * rewards its winners. On AWS an EventBridge Scheduler schedule invokes it every minute (lib/constructs/functions.ts),
 * locally the platform does on an interval; runs overlap safely: a draw is drawn once, each winner rewarded once.
 */
export const handler = observedConsumer(() => runDraws());
