import type { FromSchema } from 'json-schema-to-ts';
import type { salesChannel, salesChannelMembership } from './schemas';
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
 * - membership: PK SALESCHANNEL#<channelId>, SK MEMBER#<merchantId>
 *   serves: one membership per channel and merchant
 * - membership count: PK SALESCHANNELMEMBERSHIPS#<merchantId>, SK COUNT
 *   serves: how many channels a merchant is a member of (MAX_MEMBERSHIPS_PER_MERCHANT)
 */

export type SalesChannel = FromSchema<typeof salesChannel>;
export type SalesChannelMembership = FromSchema<typeof salesChannelMembership>;

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

const membershipKey = (salesChannelId: string, merchantId: string): TableKey => ({
  PK: `SALESCHANNEL#${salesChannelId}`,
  SK: `MEMBER#${merchantId}`,
});

export const salesChannelMembershipEntity = defineEntity<
  SalesChannelMembership,
  [salesChannelId: string, merchantId: string]
>({
  type: 'sales-channel-membership',
  version: 1,
  key: membershipKey,
  keyOf: (m) => membershipKey(m.salesChannelId, m.merchantId),
  required: ['id', 'salesChannelId', 'merchantId', 'accountId', 'test', 'status', 'createdAt', 'createdBy'],
});

/** The item counting a merchant's sales channel memberships. */
export const merchantMembershipCountKey = (merchantId: string): TableKey => ({
  PK: `SALESCHANNELMEMBERSHIPS#${merchantId}`,
  SK: 'COUNT',
});
