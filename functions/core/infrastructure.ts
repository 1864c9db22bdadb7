import { NOTIFICATION_KEY_PREFIX } from './notifications/keys';
import { WEBHOOK_EVENT_KEY_PREFIX, WEBHOOK_OUTBOX_PREFIX } from './webhooks/outbox-keys';

/**
 * Plain-data definitions of the stateful resources. The CDK stack and the local platform both
 * provision from these, so local and AWS cannot drift apart. No CDK imports here. Core owns them
 * because its table and queue clients address these resources; lib/ and bin/ import them from here.
 */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: 'ALL' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK', projection: 'ALL' },
    // Keys only, for lookups that read the item from the table anyway: an update that leaves an item's keys as
    // they are writes no entry here, where an ALL index rewrites its entry on every update (a write unit each).
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: 'KEYS_ONLY' },
  ],
  /**
   * The change stream carries each written item's new image (what STREAM_CONSUMERS read) and, of a changed item, its
   * old one: a payment request's pair shows which activities its change recorded (payment-request-events).
   */
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * A Lambda fed by the table's change stream: on AWS an event source mapping whose filters are built
 * from `inserted`, locally bin/local/stream-poller.ts, which applies the same filters.
 */
export interface StreamConsumerDefinition {
  /** Consumer module `functions/consumers/<consumer>.ts` (exports a DynamoDB stream `handler`). */
  consumer: string;
  /**
   * Only items whose new image's string attributes start with the prefixes of one of these (at most 5: an event source
   * mapping's filters), newly inserted (see `changed`).
   */
  inserted: readonly Readonly<Record<string, string>>[];
  /** Changed items too, not only inserted ones. */
  changed?: boolean;
  /** Records per invocation. */
  batchSize: number;
  /** Attempts of a failing batch before its records are left to the consumer's sweep. */
  retryAttempts: number;
  /** The queue it hands what it reads to (the only one it may send to), if it hands them on at all. */
  sends?: QueueDefinition['name'];
}

export const STREAM_CONSUMERS: readonly StreamConsumerDefinition[] = [
  // Webhook events entering the outbox (core/webhooks/outbox.ts): fanned out once committed, with
  // no message sent by the writer; the outbox sweep sends on any the stream did not.
  {
    consumer: 'webhook-events',
    inserted: [{ PK: WEBHOOK_EVENT_KEY_PREFIX, GSI1PK: WEBHOOK_OUTBOX_PREFIX }],
    batchSize: 10,
    retryAttempts: 10,
    sends: 'webhooks',
  },
  // Notifications (core/notifications/outbox.ts), queued with the change that calls for them: handed to
  // the notifications queue, whose consumer sends them (never the request path).
  {
    consumer: 'notification-outbox',
    inserted: [{ PK: NOTIFICATION_KEY_PREFIX }],
    batchSize: 10,
    retryAttempts: 10,
    sends: 'notifications',
  },
  // Payment requests, inserted or changed: each change's activities raise their webhook events, written by the
  // consumer off the request path (payment-requests/webhook-events.ts); the webhook-events consumer fans them out.
  {
    consumer: 'payment-request-events',
    inserted: [{ PK: 'PR#', entity: 'payment-request' }],
    changed: true,
    batchSize: 10,
    retryAttempts: 10,
  },
  // Paid payment requests, counted toward their payers' loyalty promotions: the payment that settled one (activities
  // of version 2, whose `paid` activity is read from it: a string mark, which a prefix filter matches), or the `paid`
  // activity itself (version 1), which a pay still writes while a deploy switches functions over.
  {
    consumer: 'promotion-payments',
    inserted: [
      { PK: 'PR#', SK: 'ACTIVITY#', settles: 'paid' },
      { PK: 'PR#', SK: 'ACTIVITY#', type: 'paid' },
    ],
    batchSize: 10,
    retryAttempts: 10,
  },
];

/**
 * Where a stream consumer's batch that spent its retries is parked: on AWS the event source mapping's on-failure
 * destination (its message names the shard and the sequence-number range, not the records), locally the stream
 * poller's. `npm run admin -- replay-stream-failures` runs the consumer on them again.
 */
export const STREAM_FAILURES = { name: 'stream-failures', urlVariable: 'QUEUE_URL_STREAM_FAILURES' } as const;

/** The stream events a consumer's filter lets through. */
export const streamEventNames = (definition: StreamConsumerDefinition): string[] =>
  definition.changed ? ['INSERT', 'MODIFY'] : ['INSERT'];

/**
 * Whether a stream record is one a consumer's filters let through: a new (or changed) item matching every prefix of one
 * of them.
 */
export function streamFilterMatches(
  definition: StreamConsumerDefinition,
  record: { eventName?: string; dynamodb?: { NewImage?: Record<string, { S?: string }> } },
): boolean {
  if (!streamEventNames(definition).includes(record.eventName ?? '')) return false;
  const image = record.dynamodb?.NewImage ?? {};
  return definition.inserted.some((prefixes) =>
    Object.entries(prefixes).every(([attribute, prefix]) => image[attribute]?.S?.startsWith(prefix) === true),
  );
}

export interface QueueDefinition {
  /** Logical name: the environment variable `QUEUE_URL_<NAME>` carries its URL. */
  name: string;
  visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
  retentionDays: number;
  /** Consumer module `functions/consumers/<consumer>.ts` (exports an SQS `handler`), if the queue has one yet. */
  consumer?: string;
  /**
   * Concurrent consumer instances at most (the event source mapping's maximum concurrency; 2 is its least):
   * a rate bound for a consumer that calls a rate-limited provider. Unbounded where absent.
   */
  maxConcurrency?: number;
  /**
   * How long the event source mapping gathers messages before it invokes the consumer with up to 10: for work
   * that may run this much late, one invocation and one receive and delete per 10 messages of a busy queue instead
   * of per message. The local poller gathers the same way.
   */
  batchingWindowSeconds?: number;
}

export const QUEUES: readonly QueueDefinition[] = [
  { name: 'webhooks', visibilityTimeoutSeconds: 60, maxReceiveCount: 5, retentionDays: 14, consumer: 'webhooks' },
  // Expiries, returns and the simulated bank's steps, due to the second on their own clocks: a second late is on time.
  {
    name: 'timers',
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    retentionDays: 14,
    consumer: 'timers',
    batchingWindowSeconds: 1,
  },
  { name: 'batches', visibilityTimeoutSeconds: 300, maxReceiveCount: 5, retentionDays: 14, consumer: 'batches' },
  // Emails and text messages: SES and SMS quotas are per second, so the consumer runs at most two at once, its
  // records one after another; a throttled send comes back after the visibility timeout, at most 8 times.
  {
    name: 'notifications',
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 8,
    retentionDays: 14,
    consumer: 'notifications',
    maxConcurrency: 2,
  },
];

export const deadLetterQueueName = (name: string) => `${name}-dlq`;
export const queueUrlVariable = (name: string) => `QUEUE_URL_${name.toUpperCase()}`;
/**
 * Consumers that give up on a message park it in the queue's dead-letter queue themselves (e.g. webhook deliveries
 * after two weeks).
 */
export const deadLetterQueueUrlVariable = (name: string) => `DLQ_URL_${name.toUpperCase()}`;

export const BUCKET = {
  /** Local bucket name; on AWS the stack names it. */
  localName: 'payments-media',
  environmentVariable: 'MEDIA_BUCKET',
} as const;

/** Where media uploads keep their objects in the bucket; a group with `mediaBucket` reaches only these. */
export const MEDIA_PREFIX = 'media/';

/**
 * Branding images, which anyone may read: a branding logo's object is this prefix followed by its public path
 * (`public/media/<id>` for `/media/<id>`), so on AWS the CDN serves the path from the bucket with the prefix as its
 * origin path and may read nothing else; the stack names the CDN's base URL in `baseUrlVariable` (locally unset:
 * the gateway serves the same path).
 */
export const PUBLIC_MEDIA = { prefix: 'public/', baseUrlVariable: 'MEDIA_BASE_URL' } as const;

/**
 * What an endpoint group's Lambda needs besides its code (functions/<group>/infrastructure.ts); the
 * stack grants it exactly this.
 */
export interface GroupInfrastructure {
  /** Queues its code sends to; it may send to no other. */
  sends?: readonly QueueDefinition['name'][];
  /** `none`: the group stores nothing; by default it reads and writes the table. */
  table?: 'read-write' | 'none';
  /** Reads the webhook signing keys (to publish their public half). */
  readsWebhookSigningKeys?: boolean;
  /** Reads and writes objects of the media bucket (BUCKET). */
  mediaBucket?: 'read-write';
  /**
   * Files (paths from the repository's root) shipped beside its bundle, which reads them at run time from its own
   * folder instead of carrying them in its code.
   */
  files?: readonly string[];
}
