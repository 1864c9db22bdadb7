import type { FromSchema } from 'json-schema-to-ts';
import { event as eventSchema, type eventsQuery } from './schemas';
import { publicView } from '../core/db/entity';
import { authedOperation } from '../core/http/operation';
import { accountEventsPartition, eventEntity, type Event } from './entities';

type Query = FromSchema<typeof eventsQuery>;

/** An account's events, newest first. */
export const listEvents = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  const page = await eventEntity.page({ partition: accountEventsPartition(account.id), index: 'GSI1' }, query);
  return { ...page, items: page.items.map((event) => publicView<Event>(eventSchema, event)) };
});
