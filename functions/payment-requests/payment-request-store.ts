import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { paymentActivityEntity, paymentRequestEntity } from './keys';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { newId } from '../core/ids';
import type { Monetary } from '../core/money';
import { type StoredActivity, storedActivities } from './paid-activity';
import { activityShortCode } from './short-code';
import type { ActivityType, PaymentActivity, PaymentRequest, StoredPaymentRequest } from './payment-request';
import { paymentActivity, paymentRequest } from './schemas';

export const findPaymentRequest = (id: string): Promise<StoredPaymentRequest | undefined> =>
  paymentRequestEntity.get(id);

/** `expiresAt <= now` means expired, whatever the stored status says (timers may run late). */
export const isDue = (request: StoredPaymentRequest, now: Date) =>
  request.status === 'new' && request.expiresAt <= isoTimestamp(now);

/**
 * The public view of a request: exactly what the PaymentRequest response schema declares. `viewer`
 * is the caller when a global grant let it read someone else's request: payer account ids then
 * show only on the caller's own payments.
 */
export function present(request: StoredPaymentRequest, viewer?: { accountId: string }): PaymentRequest {
  const view = publicView<PaymentRequest>(paymentRequest, request);
  if (!viewer || !view.paidBy) return view;
  const assetTotals = (view.paidBy.assetTotals ?? []).map(({ payerAccountId, ...total }) =>
    payerAccountId === viewer.accountId ? { ...total, payerAccountId } : total,
  );
  return { ...view, paidBy: { assetTotals } };
}

/** The public view of an activity: what the PaymentActivity response schema declares. */
export const presentActivity = (activity: PaymentActivity): PaymentActivity =>
  publicView<PaymentActivity>(paymentActivity, activity);

export interface ActivityInput {
  type: ActivityType;
  value?: Monetary;
  createdBy: string;
  [field: string]: unknown;
}

/** Builds the activity records that a transition writes, numbered after the request's last one. */
export function buildActivities(request: StoredPaymentRequest, inputs: ActivityInput[], at: string): PaymentActivity[] {
  return inputs.map((input, i) => {
    const activityNumber = request.activityCount + i + 1;
    return {
      id: newId(),
      paymentRequestId: request.id,
      merchantId: request.merchantId,
      merchantConfigId: request.configId,
      merchantAccountId: request.merchantAccountId,
      merchantName: request.merchantName,
      paymentRequestCreatedBy: request.createdBy,
      shortCode: activityShortCode(request.shortCode, activityNumber),
      createdAt: at,
      activityNumber: String(activityNumber),
      ...input,
    } as PaymentActivity;
  });
}

const activityStep = (activity: StoredActivity): TransactionStep =>
  paymentActivityEntity.createStep(activity, { onExists: () => new TransactionConflictError() });

/**
 * The steps of one state change: the request's new fields, conditional on the version read, and the
 * activities it records (a `paid` one as a mark on its payment: paid-activity.ts; the request's activity
 * count counts it all the same). A concurrent change fails the condition and the caller re-reads. The webhook
 * events they raise are not written here: the request's stream record of the change raises them
 * (webhook-events.ts recordWebhookEventsOfChange).
 */
export function transitionSteps(
  request: StoredPaymentRequest,
  changes: Partial<StoredPaymentRequest>,
  activities: PaymentActivity[],
  at: string,
): TransactionStep[] {
  const update = paymentRequestEntity.updateStep([request.id], {
    set: {
      ...changes,
      updatedAt: at,
      version: request.version + 1,
      activityCount: request.activityCount + activities.length,
    },
    if: {
      expression: '#version = :expectedVersion',
      names: { '#version': 'version' },
      values: { ':expectedVersion': request.version },
    },
    onConditionFailed: () => new TransactionConflictError(),
  });
  return [update, ...storedActivities(activities).map(activityStep)];
}

/** The request after `transitionSteps` committed, without re-reading it. */
export function applied(
  request: StoredPaymentRequest,
  changes: Partial<StoredPaymentRequest>,
  activities: PaymentActivity[],
  at: string,
): StoredPaymentRequest {
  return {
    ...request,
    ...changes,
    updatedAt: at,
    version: request.version + 1,
    activityCount: request.activityCount + activities.length,
  };
}
