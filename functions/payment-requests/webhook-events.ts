import { publicView } from '../core/db/entity';
import type { NotificationType, WebhookEventInput } from '../core/webhooks/outbox';
import { legacyWebhookEvents } from './legacy-webhook-events';
import type { ActivityType, PaymentActivity, StoredPaymentRequest } from './payment-request';
import { paymentActivity } from './schemas';

/** Next-version notifications each activity type raises; a refund completes in the transaction that starts it. */
const NOTIFICATIONS: Partial<Record<ActivityType, NotificationType[]>> = {
  paid: ['payment-request:paid'],
  refund: ['payment-request:refund-initiated', 'payment-request:refund-completed'],
};

/**
 * The webhook events a state change raises, derived from the activities it records so that every
 * path to a state (pay, void, expiry on read, a timer, the legacy API) raises the same events.
 * Hence the legacy webhooks of requests created with a `notifyUrl` are derived here too, not in the
 * legacy-payment-requests group: that group builds on this one, and every path must raise them.
 */
export function webhookEventsFor(request: StoredPaymentRequest, activities: PaymentActivity[]): WebhookEventInput[] {
  const test = request.liveness === 'test';
  const notifications = activities.flatMap((activity) =>
    (NOTIFICATIONS[activity.type] ?? []).map(
      (type): WebhookEventInput => ({
        kind: 'notification',
        accountId: request.merchantAccountId,
        test,
        type,
        // What the activity's response schema declares, as the API shows it.
        data: publicView<Record<string, unknown>>(paymentActivity, activity),
        paymentRequestId: request.id,
      }),
    ),
  );
  return [...notifications, ...legacyWebhookEvents(request, activities)];
}
