import { createHash } from 'node:crypto';
import type { LegacyTransactionType, WebhookEventInput } from '../core/webhooks/outbox';
import { denomination, ledgerOf, legacyNumber } from './legacy-format';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';

/** A webhook event a payment request's change raises: a notification or a legacy webhook. */
export type RaisedEventInput = Extract<WebhookEventInput, { kind: 'notification' | 'legacy' }>;

/** An event with the activity that raised it (its id derives from the activity's key). */
export interface RaisedEvent {
  activity: PaymentActivity;
  input: RaisedEventInput;
}

/**
 * The legacy webhooks a state change raises (https://docs.centrapay.com/api/legacy-payment-requests), for requests
 * created with a `notifyUrl`: a `paid` activity → PURCHASE, each `refund` → REFUND, a `cancellation` → CANCELLED
 * unless the same change refunded (a void of a paid request is a REFUND only), `expiry` → EXPIRED.
 */
export function legacyWebhookEvents(request: StoredPaymentRequest, activities: PaymentActivity[]): RaisedEvent[] {
  const notifyUrl = request.legacy?.notifyUrl;
  if (!notifyUrl) return [];
  const refunded = activities.some((a) => a.type === 'refund');
  const event = (transactionType: LegacyTransactionType, transaction: Record<string, unknown>): RaisedEventInput => ({
    kind: 'legacy',
    accountId: request.merchantAccountId,
    test: request.liveness === 'test',
    transactionType,
    notifyUrl,
    payload: { transaction: { transactionType, ...transaction } },
    paymentRequestId: request.id,
  });
  const raised = (activity: PaymentActivity): RaisedEventInput[] => {
    switch (activity.type) {
      case 'paid': {
        const transaction = purchaseOf(request, activities);
        return transaction ? [event('PURCHASE', transaction)] : [];
      }
      case 'refund':
        return [event('REFUND', refundOf(request, activity))];
      case 'cancellation':
        return refunded ? [] : [event('CANCELLED', { request: requestInfo(request) })];
      case 'expiry':
        return [event('EXPIRED', { request: requestInfo(request) })];
      default:
        return [];
    }
  };
  return activities.flatMap((activity) => raised(activity).map((input) => ({ activity, input })));
}

/** The payment that settled the request in this change; a pre-auth authorises instead and has none. */
function purchaseOf(request: StoredPaymentRequest, activities: PaymentActivity[]): Record<string, unknown> | undefined {
  const ids = new Set(activities.filter((a) => a.type === 'payment').map((a) => a.id));
  const payment = request.payments.find((p) => ids.has(p.activityId));
  if (!payment) return undefined;
  return completed(request, payment.transactionId, payment.assetType, payment.amount, payment.createdAt);
}

/** A refund is known to legacy clients by its activity id (the reference legacy refund answers with). */
function refundOf(request: StoredPaymentRequest, activity: PaymentActivity): Record<string, unknown> {
  // The allocations refund-steps made; only their asset type is read (importing refund-steps here
  // would close a loop through the store, whose transitions call this).
  const [first] = (activity.strategy as { refunds: { assetType: string }[] }).refunds;
  return completed(request, activity.id, first.assetType, activity.value!.amount, activity.createdAt);
}

function completed(
  request: StoredPaymentRequest,
  transactionId: string,
  assetType: string,
  amount: string,
  at: string,
): Record<string, unknown> {
  return {
    transactionId,
    ledger: ledgerOf(assetType),
    state: 'completed',
    amount: legacyNumber(amount),
    request: {
      requestId: request.id,
      merchantId: request.merchantId,
      ...(request.externalRef ? { externalReference: request.externalRef } : {}),
      denomination: denomination(request),
    },
    createdAt: at,
    updatedAt: at,
    // The payment type issuers reconcile settlement by, e.g. SVC_NZD_TEST.
    type: assetType.replace(/\./g, '_').toUpperCase(),
    authCode: authCode(transactionId),
  };
}

const requestInfo = (request: StoredPaymentRequest) => ({
  requestId: request.id,
  merchantId: request.merchantId,
  clientId: request.legacy?.clientId ?? request.configId,
  denomination: denomination(request),
});

/** Six digits, the same for a transaction every time, so settlement can match on them. */
function authCode(transactionId: string): string {
  return String(createHash('sha256').update(transactionId).digest().readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
