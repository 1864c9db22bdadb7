import type { BacklogEntry } from '../core/backlog';
import { config } from '../core/config';
import { defineEntity } from '../core/db/entity';
import { paidBy } from './paid-by';
import type { StoredActivity } from './paid-activity';
import type { StoredPaymentRequest } from './payment-request';
import { paymentActivity, paymentRequest } from './schemas';

/**
 * The payment-requests group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts), and the access
 * patterns they serve. One table holds every group's entities; core/db/keys.ts lists core's own.
 * Nothing else builds these keys.
 *
 * - payment request: PK PR#<id>, SK PR (version 2: `url`, `paidBy` and `expirySeconds` are derived on read,
 *   not stored; a version 1 item's stored copies are read over and dropped by its next update that names them.
 *   Version 3: `id`, `createdAt` and `shortCode` are read from the keys that hold them; `createdByAccountId`
 *   is stored only when it is not the merchant's account, `merchantConditions` only when there are any.
 *   Version 4: the short code index on GSI3, keys only)
 *   GSI1 EXTREF#<merchantAccountId>#<externalRef>, <createdAt>#<id>
 *   GSI3 (keys only) SHORTCODE#<code>, <createdAt>#<id>; versions 1 to 3 carry it on GSI2 (all attributes)
 *   serves: get; by external ref; latest by short code
 * - payment activity: PK PR#<prId>, SK ACTIVITY#<seq 15 digits> (version 2: a payment that settles its request is
 *   marked `settles` and the request's `paid` activity is read from it, not stored: paid-activity.ts; a version 1
 *   `paid` item is read as stored)
 *   GSI1 MERCHANTACTIVITY#<merchantId>, <createdAt>#<prId>#<seq>
 *   serves: activities of a request; of a merchant, newest first
 * - patron PR link: PK PATRONPR#<patronAccountId>, SK <createdAt>#<prId>
 *   serves: latest request attached to a patron's codes
 * - underived change: PK PRUNDERIVED#<prId>, SK CHANGE#<activity count after it, 15 digits>
 *   GSI1 PRUNDERIVED, <recordedAt>#<prId>#<count>
 *   serves: the webhook sweep's backlog, oldest first
 */
/** A request's partition: the request, then its activities. */
const REQUEST_PREFIX = 'PR#';
const requestPartition = (id: string) => `${REQUEST_PREFIX}${id}`;
/** The request id a request's (or its activity's) partition key holds. */
export const requestIdOf = (item: Record<string, unknown>) => String(item.PK).slice(REQUEST_PREFIX.length);
const requestKey = (id: string) => ({ PK: requestPartition(id), SK: 'PR' });
export const externalRefIndex = (merchantAccountId: string, externalRef: string, createdAt?: string, id?: string) => ({
  GSI1PK: `EXTREF#${merchantAccountId}#${externalRef}`,
  GSI1SK: createdAt && id ? `${createdAt}#${id}` : '',
});
const SHORT_CODE_PREFIX = 'SHORTCODE#';
/**
 * The short code lookup only finds the request's id (it reads the request from the table), so its index holds keys
 * only: a pay or refund, which changes no key, writes no index entry for it.
 */
export const shortCodeIndex = (shortCode: string, createdAt?: string, id?: string) => ({
  GSI3PK: `${SHORT_CODE_PREFIX}${shortCode}`,
  GSI3SK: createdAt && id ? `${createdAt}#${id}` : '',
});
/** Where versions 1 to 3 carry it, read beside the keys-only one until none of them is current (operations.md). */
export const olderShortCodeIndex = (shortCode: string) => ({ GSI2PK: shortCodeIndex(shortCode).GSI3PK });
/** The time a short code index entry's sort key (`<createdAt>#<id>`; an ISO time holds no `#`) starts with. */
const createdAtOf = (sortKey: unknown) => String(sortKey).split('#')[0];
const ACTIVITY_PREFIX = 'ACTIVITY#';
const sequence = (n: number) => String(n).padStart(15, '0');
const activityKey = (paymentRequestId: string, activityNumber: number) => ({
  PK: requestPartition(paymentRequestId),
  SK: `${ACTIVITY_PREFIX}${sequence(activityNumber)}`,
});
export const activitiesOfRequest = (paymentRequestId: string) => ({
  PK: requestPartition(paymentRequestId),
  SKPrefix: ACTIVITY_PREFIX,
});
export const merchantActivityIndex = (
  merchantId: string,
  createdAt?: string,
  paymentRequestId?: string,
  activityNumber?: number,
) => ({
  GSI1PK: `MERCHANTACTIVITY#${merchantId}`,
  GSI1SK:
    createdAt && paymentRequestId && activityNumber !== undefined
      ? `${createdAt}#${paymentRequestId}#${String(activityNumber).padStart(15, '0')}`
      : '',
});
const patronRequestLinkKey = (patronAccountId: string, createdAt: string, paymentRequestId: string) => ({
  ...patronRequestLinksOf(patronAccountId),
  SK: `${createdAt}#${paymentRequestId}`,
});
export const patronRequestLinksOf = (patronAccountId: string) => ({ PK: `PATRONPR#${patronAccountId}` });

/** Where a payer opens the request: the platform's pay page of it. */
export const requestUrl = (id: string) => `${config().appBaseUrl}/pay/${id}`;

export const paymentRequestEntity = defineEntity<StoredPaymentRequest, [id: string]>({
  type: 'payment-request',
  version: 4,
  // Versions 1 and 2 stored what version 3 derives or defaults (the same values); the derived ones replace their
  // copies.
  upgrade: (item) => item,
  derived: {
    fields: ['id', 'createdAt', 'shortCode', 'url', 'paidBy', 'expirySeconds'],
    of: (stored) => {
      const { payments, value, expiresAt } = stored as unknown as StoredPaymentRequest;
      const id = requestIdOf(stored);
      // The short code index's keys: on GSI3 since version 4, on GSI2 before.
      const [codeKey, sortKey] = stored.GSI3PK ? [stored.GSI3PK, stored.GSI3SK] : [stored.GSI2PK, stored.GSI2SK];
      const createdAt = createdAtOf(sortKey);
      return {
        id,
        createdAt,
        shortCode: String(codeKey).slice(SHORT_CODE_PREFIX.length),
        url: requestUrl(id),
        // Created at `createdAt`, due `expirySeconds` later; neither time ever changes.
        expirySeconds: (Date.parse(expiresAt) - Date.parse(createdAt)) / 1000,
        ...(payments.length ? { paidBy: paidBy(payments, value.currency) } : {}),
      };
    },
  },
  // Most requests are created by the merchant's own account, and with no conditions.
  defaults: (r) => ({ createdByAccountId: r.merchantAccountId as string, merchantConditions: [] }),
  key: requestKey,
  keyOf: (r) => requestKey(r.id),
  indexes: (r) => ({
    ...shortCodeIndex(r.shortCode, r.createdAt, r.id),
    ...(r.externalRef ? externalRefIndex(r.merchantAccountId, r.externalRef, r.createdAt, r.id) : {}),
  }),
  required: [
    ...paymentRequest.required,
    'merchantAccountId',
    'createdBy',
    'version',
    'activityCount',
    'paidAmount',
    'refundedAmount',
    'payments',
    'settlementWallets',
  ],
});
export const paymentRequestKey = paymentRequestEntity.key;

export const paymentActivityEntity = defineEntity<StoredActivity, [paymentRequestId: string, activityNumber: number]>({
  type: 'payment-activity',
  version: 2,
  // Version 1 stored each activity, `paid` ones too: read as they are.
  upgrade: (item) => item,
  key: activityKey,
  keyOf: (a) => activityKey(a.paymentRequestId, Number(a.activityNumber)),
  indexes: (a) => merchantActivityIndex(a.merchantId, a.createdAt, a.paymentRequestId, Number(a.activityNumber)),
  required: paymentActivity.required,
});

/** A request made with one of a patron's codes, found by the patron polling after a scan. */
export interface PatronRequestLink {
  patronAccountId: string;
  createdAt: string;
  paymentRequestId: string;
}

export const patronRequestLinkEntity = defineEntity<
  PatronRequestLink,
  [patronAccountId: string, createdAt: string, paymentRequestId: string]
>({
  type: 'patron-request-link',
  version: 1,
  key: patronRequestLinkKey,
  keyOf: (l) => patronRequestLinkKey(l.patronAccountId, l.createdAt, l.paymentRequestId),
  required: ['paymentRequestId'],
});

/**
 * A committed change of a payment request whose webhook events the payment-request-events consumer could not derive,
 * kept for the webhook sweep (webhook-events.ts). Its own partition, not the request's: the stream filter of that
 * consumer takes items under `PR#`.
 */
export interface UnderivedChange extends BacklogEntry {
  paymentRequestId: string;
  /** The request as the change left it: its stream record's new image, what the events show. */
  request: Record<string, unknown>;
  /** Its activity count before and after the change: the activities numbered after `before` are the change's. */
  before: number;
  after: number;
}

/** The webhook sweep's backlog partition (GSI1): the underived changes, oldest first. */
export const UNDERIVED_PARTITION = 'PRUNDERIVED';
const underivedChangeKey = (paymentRequestId: string, after: number) => ({
  PK: `${UNDERIVED_PARTITION}#${paymentRequestId}`,
  SK: `CHANGE#${sequence(after)}`,
});

export const underivedChangeEntity = defineEntity<UnderivedChange, [paymentRequestId: string, after: number]>({
  type: 'underived-payment-request-change',
  version: 1,
  key: underivedChangeKey,
  keyOf: (c) => underivedChangeKey(c.paymentRequestId, c.after),
  indexes: (c) => ({
    GSI1PK: UNDERIVED_PARTITION,
    GSI1SK: `${c.recordedAt}#${c.paymentRequestId}#${sequence(c.after)}`,
  }),
  required: ['paymentRequestId', 'request', 'before', 'after', 'recordedAt'],
});
