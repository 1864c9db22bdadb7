/**
 * Key prefixes of the webhook outbox, plain data: the outbox entity builds its keys from them and
 * the table stream's filter (core/infrastructure.ts) selects events entering the outbox by them.
 */
export const WEBHOOK_EVENT_KEY_PREFIX = 'WEBHOOKEVENT#';
/** GSI1 partitions of events not yet dispatched. */
export const WEBHOOK_OUTBOX_PREFIX = 'WEBHOOKOUTBOX#';
