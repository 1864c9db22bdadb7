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
 * - connect request: PK SALESCHANNELREQUESTS#<channelId>, SK <requestedAt>#<membershipId>
 *   serves: a channel's requests since its last digest, oldest first
 * - digest state: PK SALESCHANNEL#<channelId>, SK DIGESTS; GSI2 SALESCHANNELDIGESTS, <channelId>
 *   serves: the channels the digest run visits; how far a channel's requests were digested, and how many were
 *   recorded (a request and a digest of its period never pass each other)
 * - digest: PK SALESCHANNEL#<channelId>, SK DIGEST#<periodStart>
 *   serves: one digest per channel and period, and whether its email went out
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

/** A request to connect a merchant to a channel (its membership), as the channel's digest lists it. */
export interface ConnectRequest {
  salesChannelId: string;
  membershipId: string;
  merchantId: string;
  merchantName: string;
  accountId: string;
  /** On the channel account's clock, which sets the digest period it falls in. */
  requestedAt: string;
}

/** The partition of a channel's connect requests, ordered by when they were made. */
export const connectRequestsPartition = (salesChannelId: string): string => `SALESCHANNELREQUESTS#${salesChannelId}`;

const connectRequestKey = (salesChannelId: string, requestedAt: string, membershipId: string): TableKey => ({
  PK: connectRequestsPartition(salesChannelId),
  SK: `${requestedAt}#${membershipId}`,
});

export const connectRequestEntity = defineEntity<
  ConnectRequest,
  [salesChannelId: string, requestedAt: string, membershipId: string]
>({
  type: 'sales-channel-connect-request',
  version: 1,
  key: connectRequestKey,
  keyOf: (r) => connectRequestKey(r.salesChannelId, r.requestedAt, r.membershipId),
  required: ['salesChannelId', 'membershipId', 'merchantId', 'merchantName', 'accountId', 'requestedAt'],
});

/** How far a channel's connect requests were digested, and how many were ever recorded. */
export interface DigestState {
  salesChannelId: string;
  recorded: number;
  /** The end of the last period digested: no request may be recorded before it. */
  digestedThrough?: string;
}

/** The index partition of every channel with connect requests (GSI2), which the digest run visits. */
export const DIGEST_STATES_PARTITION = 'SALESCHANNELDIGESTS';

const digestStateKey = (salesChannelId: string): TableKey => ({
  PK: `SALESCHANNEL#${salesChannelId}`,
  SK: 'DIGESTS',
});

export const digestStateEntity = defineEntity<DigestState, [salesChannelId: string]>({
  type: 'sales-channel-digest-state',
  version: 1,
  key: digestStateKey,
  keyOf: (state) => digestStateKey(state.salesChannelId),
  required: ['salesChannelId', 'recorded'],
});

/** One period's digest of a channel: `created` with its email queued, `sent` once the provider accepted it. */
export interface Digest {
  id: string;
  salesChannelId: string;
  frequency: 'daily' | 'weekly';
  periodStart: string;
  periodEnd: string;
  requests: number;
  status: 'created' | 'sent';
  createdAt: string;
  sentAt?: string;
}

const digestKey = (salesChannelId: string, periodStart: string): TableKey => ({
  PK: `SALESCHANNEL#${salesChannelId}`,
  SK: `DIGEST#${periodStart}`,
});

export const digestEntity = defineEntity<Digest, [salesChannelId: string, periodStart: string]>({
  type: 'sales-channel-digest',
  version: 1,
  key: digestKey,
  keyOf: (d) => digestKey(d.salesChannelId, d.periodStart),
  required: ['id', 'salesChannelId', 'frequency', 'periodStart', 'periodEnd', 'requests', 'status', 'createdAt'],
});
