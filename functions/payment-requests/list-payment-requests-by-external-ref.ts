import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { externalRefQuery } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { externalRefIndex, paymentRequestEntity } from './keys';
import { newestFirstPage } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { isDue, present } from './payment-request-store';
import type { StoredPaymentRequest } from './payment-request';

type Query = FromSchema<typeof externalRefQuery>;

/** Requests of a merchant account carrying one external reference, newest first. */
export const listPaymentRequestsByExternalRef = authedOperation<unknown, Query>(async ({ params, query, auth, now }) => {
  // A global grant reads one request by its id; listing a merchant's requests is its own account's.
  const account = await auth.access.ownAccount(query.merchantAccountId);
  const page = await newestFirstPage(externalRefIndex(account.id, params.externalRef).GSI1PK, query, (item) => item.id as string, 'PK, SK, GSI1PK, GSI1SK, id');
  const requests = page.items.length ? await batchGet(page.items) : new Map<string, StoredPaymentRequest>();
  // GSI reads lag; the base-table read is authoritative. Due requests show as expired (the timer records it).
  const items = page.items
    .map((id) => requests.get(id))
    .filter((r): r is StoredPaymentRequest => r !== undefined)
    .map((r) => present(isDue(r, now) ? { ...r, status: 'expired' } : r));
  return page.nextPageKey ? { items, nextPageKey: page.nextPageKey } : { items };
});

async function batchGet(ids: string[]): Promise<Map<string, StoredPaymentRequest>> {
  const table = config().tableName;
  const out = await db().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: ids.map((id) => paymentRequestEntity.key(id)), ConsistentRead: true } } }));
  const found = (out.Responses?.[table] ?? []).map((item) => paymentRequestEntity.parse(item));
  return new Map(found.map((r) => [r.id, r]));
}
