import { defineBacklog } from '../core/backlog';
import { countPayment } from './count-payment';
import { UNCOUNTED_PARTITION, uncountedPaymentEntity } from './entities';

/**
 * Paid payment requests the promotion-payments consumer could not count, kept for the promotion sweep (counting is
 * once per member and promotion however often it runs, count-payment.ts). One at a time: a member's payments move one
 * progress item.
 */
const uncounted = defineBacklog({
  what: 'promotion payment count',
  entity: uncountedPaymentEntity,
  partition: UNCOUNTED_PARTITION,
  keyOf: ({ paymentRequestId }) => [paymentRequestId] as [string],
  run: ({ paymentRequestId, paidAt }) => countPayment(paymentRequestId, paidAt),
  concurrency: 1,
});

/** Counts a paid payment request toward its payers' promotions, or records it for the sweep. */
export const countOrRecord = (paymentRequestId: string, paidAt: string) =>
  uncounted.runOrRecord({ paymentRequestId, paidAt });

/** Counts again the payments recorded as uncounted (the promotion sweep). */
export const recountPayments = () => uncounted.sweep();
