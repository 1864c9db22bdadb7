import type { FromSchema } from 'json-schema-to-ts';
import type { salesChannel } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The sales-channels group's entities: each owns its keys, stamps what it writes with its type and
 * schema version and parses what is read back (core/db/entity.ts). One table holds every group's
 * entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - sales channel: PK SALESCHANNEL#<id>, SK SALESCHANNEL
 *   serves: get a channel; a reseller's provider channel by id
 * - channel count: PK SALESCHANNELS#<accountId>, SK COUNT
 *   serves: how many an account has (MAX_SALES_CHANNELS)
 */

export type SalesChannel = FromSchema<typeof salesChannel>;

const salesChannelKey = (id: string): TableKey => ({ PK: `SALESCHANNEL#${id}`, SK: 'SALESCHANNEL' });

export const salesChannelEntity = defineEntity<SalesChannel, [id: string]>({
  type: 'sales-channel',
  version: 1,
  key: salesChannelKey,
  keyOf: (channel) => salesChannelKey(channel.id),
  required: ['id', 'name', 'type', 'accountId', 'test', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
});

/** The item counting an account's sales channels. */
export const salesChannelCountKey = (accountId: string): TableKey => ({
  PK: `SALESCHANNELS#${accountId}`,
  SK: 'COUNT',
});
