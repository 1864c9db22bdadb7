import { amountMetric, countMetric, METRIC } from '../observability';
import type { Operation } from './operation';
import { Reply } from './response';

const KINDS = {
  payment: { count: METRIC.payments, amount: METRIC.paymentAmount },
  refund: { count: METRIC.refunds, amount: METRIC.refundAmount },
  void: { count: METRIC.voids, amount: undefined },
} as const;

/**
 * A money operation whose successes are counted (EMF), with their amount per currency when the
 * answer carries a `value`. A replay (`Idempotent-Replayed: true`) moved no money and is not counted.
 */
export const countedAs =
  (kind: keyof typeof KINDS, operation: Operation): Operation =>
  async (request) => {
    const result = await operation(request);
    if (result instanceof Reply && result.headers['idempotent-replayed'] === 'true') return result;
    const body = (result instanceof Reply ? result.body : result) as
      | { value?: { currency: string; amount: string } }
      | undefined;
    countMetric(KINDS[kind].count);
    const amount = KINDS[kind].amount;
    if (amount && body?.value?.currency && body.value.amount) amountMetric(amount, body.value);
    return result;
  };
