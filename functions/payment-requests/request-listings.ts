import { newestFirstPage, type Page } from '../core/db/pagination';
import {
  activitiesOfRequest,
  externalRefIndex,
  merchantActivityIndex,
  paymentActivityEntity,
  paymentRequestEntity,
  requestIdOf,
} from './keys';
import { activitiesOf, type StoredActivity } from './paid-activity';
import { isDue, present, presentActivity } from './payment-request-store';
import type { PaymentActivity, PaymentRequest, StoredPaymentRequest } from './payment-request';

/**
 * The listings of this group's requests and activities, in their public view. They read this
 * group's keys (keys.ts), so they live here; the listing routes serve them once they have
 * authorized the caller.
 */

/** The activities a stored item is read as, newest first (a settling payment's `paid` before it), as shown. */
const newestFirst = (stored: StoredActivity) => activitiesOf(stored).reverse().map(presentActivity);

/**
 * Payment activities of one merchant across its requests, newest first, paginated. A page may end between a
 * settling payment's `paid` activity and the payment: the next one starts with the payment.
 */
export function listMerchantActivities(merchantId: string, page: PageQuery): Promise<Page<PaymentActivity>> {
  return paymentActivityEntity.page(
    { partition: merchantActivityIndex(merchantId).GSI1PK, index: 'GSI1' },
    page,
    newestFirst,
  );
}

/** Every activity of one request, newest first (a request has a bounded number of them). */
export async function listActivities(paymentRequestId: string): Promise<PaymentActivity[]> {
  const { PK, SKPrefix } = activitiesOfRequest(paymentRequestId);
  const stored = await paymentActivityEntity.all({ partition: PK, sortKeyPrefix: SKPrefix, newestFirst: true });
  return stored.flatMap(newestFirst);
}

/** Requests of a merchant account carrying one external reference, newest first. */
export async function listByExternalRef(
  merchantAccountId: string,
  externalRef: string,
  page: PageQuery,
  now: Date,
): Promise<Page<PaymentRequest>> {
  const listed = await newestFirstPage(
    externalRefIndex(merchantAccountId, externalRef).GSI1PK,
    page,
    requestIdOf,
    'PK, SK, GSI1PK, GSI1SK',
  );
  const requests = new Map((await paymentRequestEntity.getMany(listed.items.map((id) => [id]))).map((r) => [r.id, r]));
  // GSI reads lag; the base-table read is authoritative. Due requests show as expired (the timer records it).
  const items = listed.items
    .map((id) => requests.get(id))
    .filter((r): r is StoredPaymentRequest => r !== undefined)
    .map((r) => present(isDue(r, now) ? { ...r, status: 'expired' } : r));
  return listed.nextPageKey ? { items, nextPageKey: listed.nextPageKey } : { items };
}

interface PageQuery {
  pageKey?: string;
  paginationLimit?: number;
}
