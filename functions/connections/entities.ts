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
 * - connection request link: PK CONNECTION#<id>, SK PR#<createdAt>#<paymentRequestId>
 *   serves: the latest payment request naming the connection
 */

export type Connection = FromSchema<typeof connection>;
/**
 * Stored form: the account that made it (only its keys may name it on a payment request), the account whose wallet
 * app authorized it (it reads the latest request) and a version for conditional state changes.
 */
export type StoredConnection = Connection & {
  createdByAccountId: string;
  authorizedByAccountId?: string;
  version: number;
};

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

/** A payment request that named the connection, written with the request. */
export interface ConnectionRequestLink {
  connectionId: string;
  paymentRequestId: string;
  createdAt: string;
}

const REQUEST_LINK_PREFIX = 'PR#';
const requestLinkKey = (connectionId: string, createdAt: string, paymentRequestId: string): TableKey => ({
  PK: `CONNECTION#${connectionId}`,
  SK: `${REQUEST_LINK_PREFIX}${createdAt}#${paymentRequestId}`,
});

export const connectionRequestLinkEntity = defineEntity<
  ConnectionRequestLink,
  [connectionId: string, createdAt: string, paymentRequestId: string]
>({
  type: 'connection-request-link',
  version: 1,
  key: requestLinkKey,
  keyOf: (l) => requestLinkKey(l.connectionId, l.createdAt, l.paymentRequestId),
  required: ['connectionId', 'paymentRequestId', 'createdAt'],
});

/** The links of a connection, for the newest. */
export const requestLinksOf = (connectionId: string) => ({
  partition: `CONNECTION#${connectionId}`,
  sortKeyPrefix: REQUEST_LINK_PREFIX,
});
