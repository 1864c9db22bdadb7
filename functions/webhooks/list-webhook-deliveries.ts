import type { FromSchema } from 'json-schema-to-ts';
import type { listWebhookDeliveriesQuery } from './schemas';
import { accountDeliveriesPartition, webhookDeliveryEntity } from './entities';
import { authedOperation } from '../core/http/operation';
import { presentDelivery } from './delivery-store';

type Query = FromSchema<typeof listWebhookDeliveriesQuery>;

/** Deliveries of the account's events (each with every attempt), newest first, paginated. */
export const listWebhookDeliveries = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  const page = await webhookDeliveryEntity.page(
    { partition: accountDeliveriesPartition(account.id), index: 'GSI1' },
    query,
  );
  return { ...page, items: page.items.map(presentDelivery) };
});
