import type { FromSchema } from 'json-schema-to-ts';
import type { createTestWebhookEventBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import type { LoggedEvent } from '../core/webhooks/event-log';
import { webhookEventSteps, type NotificationType } from '../core/webhooks/outbox';
import { eventViews } from './webhook-event-views';

type TestEventBody = FromSchema<typeof createTestWebhookEventBody>;

/**
 * Sample data of a type: for payment-request types a Payment Activity as the real event carries it,
 * with made-up ids; a type without a sample of its own gets a minimal record (id, account, time).
 */
function sampleData(
  type: NotificationType,
  accountId: string,
  test: boolean,
  createdAt: string,
): Record<string, unknown> {
  if (!type.startsWith('payment-request:')) return { id: newId(), accountId, createdAt };
  const base = {
    id: newId(),
    paymentRequestId: newId(),
    merchantId: newId(),
    merchantAccountId: accountId,
    merchantName: 'Sample Merchant',
    value: { currency: 'NZD', amount: '1000' },
    assetType: test ? 'svc.nzd.test' : 'svc.nzd.main',
    createdAt,
    createdBy: 'crn::service:payments-api',
  };
  return type === 'payment-request:paid'
    ? { ...base, type: 'paid', activityNumber: '2', shortCode: '000000' }
    : { ...base, type: 'refund', activityNumber: '3', externalRef: 'sample-refund', strategy: { refunds: [] } };
}

/**
 * A test event of a type, with sample data: written to the outbox like any event (so it is fanned
 * out, delivered, retried and logged the same way), marked `sample` in the log; receivers get the
 * documented body. Answers the logged event (its deliveries appear once it is fanned out).
 */
export const createTestWebhookEvent = authedOperation<TestEventBody>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const createdAt = isoTimestamp(now);
  const test = account.test === true;
  const { events, steps } = webhookEventSteps(
    [
      {
        kind: 'notification',
        accountId: account.id,
        test,
        type: body.type,
        data: sampleData(body.type, account.id, test, createdAt),
        sample: true,
      },
    ],
    createdAt,
  );
  await runTransaction(steps);
  return (await eventViews([{ ...(events[0] as LoggedEvent), deliveryIds: [] }]))[0];
});
