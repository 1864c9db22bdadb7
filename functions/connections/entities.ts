import type { FromSchema } from 'json-schema-to-ts';
import type { connection } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The connections group's entities: each owns its keys, stamps what it writes with its type and
 * schema version and parses what is read back (core/db/entity.ts). One table holds every group's
 * entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - connection: PK CONNECTION#<id>, SK CONNECTION
 *   serves: authorize, summary; payment requests naming it
 */

export type Connection = FromSchema<typeof connection>;
/**
 * Stored form: the account that made it (only its keys may name it on a payment request) and a
 * version for conditional state changes.
 */
export type StoredConnection = Connection & { createdByAccountId: string; version: number };

const connectionKey = (id: string): TableKey => ({ PK: `CONNECTION#${id}`, SK: 'CONNECTION' });

export const connectionEntity = defineEntity<StoredConnection, [id: string]>({
  type: 'connection',
  version: 1,
  key: connectionKey,
  keyOf: (c) => connectionKey(c.id),
  required: [
    'id',
    'createdBy',
    'createdByAccountName',
    'createdByAccountId',
    'createdAt',
    'status',
    'url',
    'merchantId',
    'test',
    'version',
  ],
});
