import type { IdempotentContext, KeptResponse } from '../core/idempotency';
import { paymentActivityEntity } from './keys';
import { activitiesOf } from './paid-activity';
import type { PaymentActivity } from './payment-request';

/**
 * What the money commands on a request (pay, refund, void) share of their idempotency, apart from the commands
 * themselves: a refund that reached the pay's module would list the pay's error codes as its own.
 */

/** Ids of what a command writes: derived from its idempotency scope, or fresh where the API version has no key. */
export type DeriveId = (label: string) => string;

/**
 * A keyed command's response is an activity, an immutable item: the transfer derived from `transfer` keeps the
 * command's idempotency receipt, pointing at it (core/idempotency.ts).
 */
export const activityResponse = (transfer: string): KeptResponse<PaymentActivity> => ({
  transfer,
  keyOf: paymentActivityEntity.keyOf,
  // The activity as recorded, without a settling payment's mark (its `paid` activity is not the answer).
  parse: (item) => activitiesOf(paymentActivityEntity.parse(item))[0],
});

/** What a keyed command keeps of its answer: a record step, or a receipt on its transfer. */
export type KeepAnswer = Partial<Pick<IdempotentContext<PaymentActivity>, 'record' | 'receipt'>>;
