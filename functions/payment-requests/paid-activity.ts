import { isDeepStrictEqual } from 'node:util';
import { derivedId } from '../core/ids';
import type { Monetary } from '../core/money';
import type { PaymentActivity } from './payment-request';
import { activityShortCode } from './short-code';

/**
 * A pay that settles its request records two activities, its `payment` and the request's `paid`. Since version 2 of
 * the activity only the payment is stored, marked as settling (`settles`), and the `paid` activity is read from it:
 * all it holds is the payment's (request fields, payer, time, the next number) or the request's value, stored on the
 * payment only where the payment paid part of it (`paidValue`). Its id derives from the payment's, so every read
 * shows the same one. A version 1 `paid` item is read as stored.
 */
export type StoredActivity = PaymentActivity & { settles?: 'paid'; paidValue?: Monetary };

/** The `paid` activity of the payment that settled its request for `value`. */
export function paidOf(payment: PaymentActivity, value: Monetary): PaymentActivity {
  const activityNumber = Number(payment.activityNumber) + 1;
  const code = String(payment.shortCode);
  return {
    id: derivedId(undefined, 'paid-activity', payment.id),
    paymentRequestId: payment.paymentRequestId,
    merchantId: payment.merchantId,
    merchantConfigId: payment.merchantConfigId,
    merchantAccountId: payment.merchantAccountId,
    merchantName: payment.merchantName,
    paymentRequestCreatedBy: payment.paymentRequestCreatedBy,
    // The request's code with this activity's number: `CP-X4V-6NQ-003` after the payment's `-002`.
    shortCode: activityShortCode(code.slice(0, code.lastIndexOf('-')), activityNumber),
    createdAt: payment.createdAt,
    activityNumber: String(activityNumber),
    type: 'paid',
    value,
    createdBy: payment.createdBy,
  };
}

/** What a change's activities store: a `paid` activity as the mark of the `payment` before it, nothing of its own. */
export function storedActivities(activities: PaymentActivity[]): StoredActivity[] {
  return activities.flatMap((activity, i): StoredActivity[] => {
    if (activity.type === 'paid') {
      if (activities[i - 1]?.type !== 'payment') throw new Error('a paid activity follows the payment that settled');
      return [];
    }
    const paid = activities[i + 1]?.type === 'paid' ? activities[i + 1] : undefined;
    if (!paid) return [activity];
    const value = paid.value as Monetary;
    // The mark must read back as the activity the change recorded (and its webhook events showed).
    if (!isDeepStrictEqual(paid, paidOf(activity, value))) throw new Error('a paid activity not read from its payment');
    const sameValue = value.amount === activity.value?.amount && value.currency === activity.value.currency;
    return [{ ...activity, settles: 'paid', ...(sameValue ? {} : { paidValue: value }) }];
  });
}

/** The activities a stored item is read as, oldest first: a settling payment's are the payment and its `paid`. */
export function activitiesOf(stored: StoredActivity): PaymentActivity[] {
  const { settles, paidValue, ...activity } = stored;
  if (!settles) return [activity];
  const value = paidValue ?? activity.value;
  if (!value) throw new Error(`activity ${activity.id} settles without a value`);
  return [activity, paidOf(activity, value)];
}
