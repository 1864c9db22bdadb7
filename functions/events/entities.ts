import type { FromSchema } from 'json-schema-to-ts';
import type { event } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The events group's entities (core/db/entity.ts). Nothing else builds these keys.
 *
 * - event: PK EVENT#<id>, SK EVENT
 *   GSI1 ACCOUNTEVENTS#<accountId>, <createdAt>#<id>
 *   serves: an account's events, newest first
 * - event key: PK EVENTKEY#<accountId>#<idempotencyKey>, SK EVENT
 *   serves: one event per key and account
 */

export type Event = FromSchema<typeof event>;

const eventKey = (id: string): TableKey => ({ PK: `EVENT#${id}`, SK: 'EVENT' });
export const accountEventsPartition = (accountId: string) => `ACCOUNTEVENTS#${accountId}`;

export const eventEntity = defineEntity<Event, [id: string]>({
  type: 'event',
  version: 1,
  key: eventKey,
  keyOf: (e) => eventKey(e.id),
  indexes: (e) => ({ GSI1PK: accountEventsPartition(e.accountId), GSI1SK: `${e.createdAt}#${e.id}` }),
  required: ['id', 'accountId', 'type', 'data', 'idempotencyKey', 'createdAt', 'createdBy'],
});

const idempotencyKeyKey = (accountId: string, idempotencyKey: string): TableKey => ({
  PK: `EVENTKEY#${accountId}#${idempotencyKey}`,
  SK: 'EVENT',
});
export const eventKeyEntity = defineEntity<
  { accountId: string; idempotencyKey: string; eventId: string },
  [accountId: string, idempotencyKey: string]
>({
  type: 'event-key',
  version: 1,
  key: idempotencyKeyKey,
  keyOf: (k) => idempotencyKeyKey(k.accountId, k.idempotencyKey),
  required: ['accountId', 'idempotencyKey', 'eventId'],
});
