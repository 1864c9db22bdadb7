import { isoTimestamp, now } from '../core/clock';
import { inBatches } from '../core/in-batches';
import { logger } from '../core/observability';
import { countPayment } from './count-payment';
import { UNCOUNTED_PARTITION, uncountedPaymentEntity, type UncountedPayment } from './entities';

/**
 * Counts a paid payment request toward its payers' promotions; one that cannot be counted now (a
 * fault, a throttled table) is recorded for the sweep instead of being lost with its stream record.
 * Throws only when neither the count nor the record could be written: the stream then retries it.
 */
export async function countOrRecord(paymentRequestId: string, paidAt: string): Promise<'counted' | 'recorded'> {
  try {
    await countPayment(paymentRequestId, paidAt);
    return 'counted';
  } catch (error) {
    logger.error('promotion payment not counted; recorded for the sweep', { paymentRequestId, error });
    await uncountedPaymentEntity.put({ paymentRequestId, paidAt, recordedAt: isoTimestamp(now()) });
    return 'recorded';
  }
}

/** Uncounted payments per sweep: a backlog drains over several runs instead of one unbounded one. */
const SWEEP_LIMIT = 100;

/**
 * Counts again the payments the consumer recorded as uncounted, oldest first, and forgets each once
 * counted (counting is once per member and promotion however often it runs, count-payment.ts). One
 * that fails again is recorded anew, behind the rest, for the next sweep.
 */
export async function recountPayments(): Promise<{ counted: number; failed: number }> {
  const uncounted = await uncountedPaymentEntity.all({
    partition: UNCOUNTED_PARTITION,
    index: 'GSI1',
    newestFirst: false,
    limit: SWEEP_LIMIT,
  });
  // One at a time: a member's payments move one progress item.
  return inBatches(uncounted, 1, { counted: 0, failed: 0 }, async (payment) => {
    try {
      await countPayment(payment.paymentRequestId, payment.paidAt);
    } catch (error) {
      logger.error('uncounted promotion payment failed again', { paymentRequestId: payment.paymentRequestId, error });
      await recordedAgain(payment);
      return { failed: 1 };
    }
    // Unless the consumer recorded it again meanwhile: that record is the next sweep's.
    await uncountedPaymentEntity
      .remove([payment.paymentRequestId], {
        if: { expression: 'recordedAt = :at', values: { ':at': payment.recordedAt } },
        onConditionFailed: () => new Error('recorded again'),
      })
      .catch((error: unknown) => logger.warn('uncounted payment kept', { id: payment.paymentRequestId, error }));
    return { counted: 1 };
  });
}

const recordedAgain = (payment: UncountedPayment) =>
  uncountedPaymentEntity.put({ ...payment, recordedAt: isoTimestamp(now()) });
