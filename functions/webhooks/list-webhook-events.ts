import type { FromSchema } from 'json-schema-to-ts';
import type { listWebhookEventsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { accountWebhookEventsPage } from '../core/webhooks/event-log';
import { eventViews } from './webhook-event-views';

type Query = FromSchema<typeof listWebhookEventsQuery>;

/** The account's event log: notification events newest first (kept 30 days), paginated. */
export const listWebhookEvents = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  const page = await accountWebhookEventsPage(account.id, query);
  return { ...page, items: await eventViews(page.items) };
});
