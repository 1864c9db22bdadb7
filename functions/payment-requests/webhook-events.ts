import { defineBacklog, type Work } from '../core/backlog';
import { publicView } from '../core/db/entity';
import { derivedId } from '../core/ids';
import { type NotificationType, recordDerivedWebhookEvents, type WebhookEvent } from '../core/webhooks/outbox';
import { queryWebhooks } from '../webhooks';
import {
  paymentActivityEntity,
  paymentRequestEntity,
  UNDERIVED_PARTITION,
  type UnderivedChange,
  underivedChangeEntity,
} from './keys';
import { activitiesOf } from './paid-activity';
import { legacyWebhookEvents, type RaisedEvent, type RaisedEventInput } from './legacy-webhook-events';
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
function webhookEventsFor(request: StoredPaymentRequest, activities: PaymentActivity[]): RaisedEvent[] {
  const test = request.liveness === 'test';
  const notifications = activities.flatMap((activity) =>
    (NOTIFICATIONS[activity.type] ?? []).map(
      (type): RaisedEvent => ({
        activity,
        input: {
          kind: 'notification',
          accountId: request.merchantAccountId,
          test,
          type,
          // What the activity's response schema declares, as the API shows it.
          data: publicView<Record<string, unknown>>(paymentActivity, activity),
          paymentRequestId: request.id,
        },
      }),
    ),
  );
  return [...notifications, ...legacyWebhookEvents(request, activities)];
}

/** What an event is among those one activity raises: its notification type, or its legacy transaction type. */
const raisedAs = (input: RaisedEventInput) =>
  input.kind === 'notification' ? input.type : `legacy:${input.transactionType}`;

/**
 * Writes the webhook events of one committed change of a payment request, from the request's stream record of it
 * (payment-request-events consumer), off the request path: the money transaction writes the request and its
 * activities only. The record's new image is the request as that transaction left it (what the legacy payloads
 * show: its notifyUrl, which no activity could carry under 1 KB, and the payment it recorded); its old image's
 * activity count says which activities the transaction inserted. An inserted request has no old image: its
 * activities are all new. A record that does not say so is refused (the stream retries it, then parks it); a change
 * whose events cannot be written now is recorded for the webhook sweep, so neither is lost with the stream's 24 hours.
 */
export async function recordWebhookEventsOfChange(
  newImage: Record<string, unknown>,
  oldImage: Record<string, unknown> | undefined,
): Promise<void> {
  const request = paymentRequestEntity.parse(newImage);
  const before = oldImage ? Number(oldImage.activityCount) : 0;
  if (!Number.isInteger(before)) throw new Error(`payment request ${request.id}: old image has no activity count`);
  if (request.activityCount <= before) return;
  await underived.runOrRecord({
    paymentRequestId: request.id,
    request: newImage,
    before,
    after: request.activityCount,
  });
}

/** Derives again the events of the changes recorded as underived (the webhook sweep). */
export const deriveUnderivedWebhookEvents = () => underived.sweep();

/**
 * The change's activities, read back by key (activities never change; a `paid` one from the payment it follows),
 * and the events they raise. Event ids derive from the activity's key and the event's type, and each event is
 * created only if absent, so a change derived again (a retried or replayed batch, a sweep) writes, and fans out,
 * each event once; `createdAt` is the activity's, as when the transaction wrote the event.
 */
async function deriveWebhookEvents({ request: image, before, after }: Work<UnderivedChange>): Promise<void> {
  const request = paymentRequestEntity.parse(image);
  const numbers = Array.from({ length: after - before }, (_, i) => before + i + 1);
  // A `paid` activity has no item of its own: it is read from its payment, inserted by the same change.
  const inserted = new Set(numbers.map(String));
  const activities = (await paymentActivityEntity.getMany(numbers.map((n) => [request.id, n] as [string, number])))
    .flatMap(activitiesOf)
    .filter((activity) => inserted.has(activity.activityNumber))
    .sort((a, b) => Number(a.activityNumber) - Number(b.activityNumber));
  if (activities.length !== numbers.length)
    throw new Error(`payment request ${request.id}: activities ${numbers.join(', ')} not all found`);
  const events = webhookEventsFor(request, activities).map(
    ({ activity, input }) =>
      ({
        ...input,
        id: derivedId(undefined, 'webhook-event', request.id, activity.activityNumber, raisedAs(input)),
        createdAt: activity.createdAt,
      }) as WebhookEvent,
  );
  // A notification goes to the merchant's webhooks subscribed to its type as it is recorded; a legacy event to the
  // request's notifyUrl.
  const subscribed = events.some((event) => event.kind === 'notification')
    ? new Set((await queryWebhooks(request.merchantAccountId)).flatMap((webhook) => webhook.types))
    : new Set<string>();
  await recordDerivedWebhookEvents(events, (event) => event.kind !== 'notification' || subscribed.has(event.type));
}

/** Changes whose events could not be derived, kept for the webhook sweep; any two may run at once. */
const underived = defineBacklog({
  what: 'payment request webhook events',
  entity: underivedChangeEntity,
  partition: UNDERIVED_PARTITION,
  keyOf: ({ paymentRequestId, after }) => [paymentRequestId, after] as [string, number],
  run: deriveWebhookEvents,
  concurrency: 10,
});
