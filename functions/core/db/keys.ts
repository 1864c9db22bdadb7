import { defineEntity, type TableKey } from './entity';
import { assetBalance, postedTransferEntity } from '../ledger/entities';

/**
 * The table's keys of core's own entities (the ledger's assets and transfers, rate limits,
 * idempotency records, the webhook outbox) and the access patterns they serve. Each endpoint group
 * lists its entities' keys the same way in functions/<group>/keys.ts or entities.ts; nothing else
 * builds keys. The ledger's entities are defined in core/ledger/entities.ts (quotas in
 * core/ledger/quotas.ts), the others here.
 *
 * - asset (base): PK ASSET#<id>, SK ASSET
 *   the owner's index keys (a wallet: GSI3, keys only, ACCOUNTASSETS#<accountId>, <createdAt>#<id>; GSI1 in
 *   version 1)
 *   serves: get asset; a single-item balance
 * - asset shard: PK ASSET#<id>, SK SHARD#<n>
 *   serves: balance items of a hot asset (one Query with the asset)
 * - pending transfer: PK TRANSFER#<id>, SK TRANSFER
 *   serves: a two-phase transfer's reservation
 * - posted transfer (ledger entry v2): PK LEDGER#<txnId>, SK TRANSFER, both sides in one item
 *   GSI1 ASSETTXN#<debited assetId>, <createdAt>#<txnId>
 *   GSI2 ASSETTXN#<credited assetId>, <createdAt>#<txnId>
 *   serves: one transfer (and, for a keyed pay or refund, its command's idempotency receipt); history of an asset:
 *     its GSI1 and GSI2 partitions merged by sort key (core/ledger/history.ts)
 * - ledger entry v1 (no longer written, still read): PK LEDGER#<txnId>, SK ENTRY#<D|C>
 *   GSI1 ASSETTXN#<assetId>, <createdAt>#<txnId> (either side)
 * - quota limits: PK QUOTA#<accountId>, SK LIMITS
 *   serves: an account's own quota limits (the operator's)
 * - quota counter: PK QUOTA#<accountId>, SK USAGE#<year>#<spend|topup>#<assetType>
 *   serves: a year's and its months' usage, counted in the transfer's transaction; the year's in one Query
 * - quota counter holder: PK QUOTA#<accountId>, SK SPENDWALLET#<assetType>
 *   serves: the wallet whose base item holds the account's spend counter of the type (its first wallet of it, until a
 *     second is opened), for the quotas listing; the counter's attributes are on that base item
 * - rate limit: PK RATELIMIT#ACCOUNT#<accountId>, SK RATELIMIT
 *   serves: requests of an account in the sliding minute (TTL)
 * - rate limit: PK RATELIMIT#SOURCE#<ip or IPv6 /64>, SK RATELIMIT
 *   serves: failed authentications of a source address in the sliding minute (TTL)
 * - idempotency: PK IDEMPOTENCY#<accountId>#<operation>#<key>, SK IDEMPOTENCY
 *   serves: replay a keyed request (not written by a posted pay or a keyed refund: their transfer carries the receipt)
 * - webhook event: PK WEBHOOKEVENT#<id>, SK WEBHOOKEVENT
 *   GSI1 WEBHOOKOUTBOX#<shard>, <createdAt (never later than written)>#<id> while undispatched
 *   GSI2 ACCOUNTEVENTS#<accountId>, <createdAt>#<id> (notifications)
 *   serves: outbox: events written with the change that caused them; sweep of undispatched ones; an account's event log
 *     (entity in core/webhooks/outbox.ts)
 * - platform clock: PK CLOCK#PLATFORM, SK CLOCK
 *   serves: the local platform's clock offset, read only where LOCAL_TEST_CLOCK=1 (core/test-clock/platform-clock.ts)
 * - clock alarm: PK CLOCKALARMS#<accountId or PLATFORM>, SK <dueAt>#<queue>#<hash>
 *   GSI1 CLOCKALARMS, <dueAt>#<clock> (local platform only)
 *   serves: delayed messages of a clock that can move, due by then: sent when it is advanced
 *     (core/test-clock/alarms.ts)
 */
export const assetKey = assetBalance.key;
/** The item holding a posted transfer: both of its sides are one record, so `side` names the same item. */
export const ledgerEntryKey = (txnId: string, _side?: 'D' | 'C') => postedTransferEntity.key(txnId);

/**
 * A sliding-window counter (core/auth/rate-limit.ts): of an account's
 * requests, or of a source address's failed authentications.
 */
export interface RateLimitWindow {
  subject: 'ACCOUNT' | 'SOURCE';
  /** The account id, or the source address's scope (an IPv4 address or an IPv6 /64). */
  scope: string;
  head: number;
  counted: number;
  slots: number[];
}

const rateLimitKey = (subject: RateLimitWindow['subject'], scope: string): TableKey => ({
  PK: `RATELIMIT#${subject}#${scope}`,
  SK: 'RATELIMIT',
});

export const rateLimitEntity = defineEntity<RateLimitWindow, [subject: RateLimitWindow['subject'], scope: string]>({
  type: 'rate-limit',
  version: 1,
  key: rateLimitKey,
  keyOf: (w) => rateLimitKey(w.subject, w.scope),
  required: ['subject', 'scope', 'head', 'counted', 'slots'],
});
export const accountRateLimitKey = (accountId: string) => rateLimitEntity.key('ACCOUNT', accountId);
export const sourceRateLimitKey = (sourceScope: string) => rateLimitEntity.key('SOURCE', sourceScope);

/**
 * A money command's stored answer (core/idempotency.ts), under its
 * scope: the calling account, the operation, the client's key.
 */
export interface IdempotencyRecord {
  accountId: string;
  operation: string;
  clientKey: string;
  /** Hash of the validated command: the same key with another command is refused. */
  requestHash: string;
  /** The response, as JSON. */
  response: string;
  createdAt: string;
}

const idempotencyRecordKey = (accountId: string, operation: string, clientKey: string): TableKey => ({
  PK: `IDEMPOTENCY#${accountId}#${operation}#${clientKey}`,
  SK: 'IDEMPOTENCY',
});

export const idempotencyEntity = defineEntity<
  IdempotencyRecord,
  [accountId: string, operation: string, clientKey: string]
>({
  type: 'idempotency',
  version: 1,
  key: idempotencyRecordKey,
  keyOf: (r) => idempotencyRecordKey(r.accountId, r.operation, r.clientKey),
  required: ['requestHash', 'response'],
});
