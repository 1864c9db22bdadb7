import { observedConsumer } from '../core/consumer';
import { recountPayments } from '../promotions';

/**
 * Counts the paid payment requests the promotion-payments consumer could not count and recorded
 * instead. Runs every minute (EventBridge Scheduler; locally a timer); an operator may invoke it at will, a
 * rerun counts nothing twice.
 */
export const handler = observedConsumer(() => recountPayments());
