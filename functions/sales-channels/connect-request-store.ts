import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { findAccount } from '../accounts';
import { accountNow, isoTimestamp } from '../core/clock';
import {
  connectRequestEntity,
  DIGEST_STATES_PARTITION,
  digestStateEntity,
  type ConnectRequest,
  type SalesChannel,
  type SalesChannelMembership,
} from './entities';

/** A merchant's membership of a channel, as the channel's digest lists it. */
interface Join {
  channel: Pick<SalesChannel, 'id' | 'accountId'>;
  membership: Pick<SalesChannelMembership, 'id' | 'merchantId' | 'accountId'>;
  merchantName: string;
}

/**
 * The connect requests the memberships make, each timed by its channel account's clock (a test account's test
 * clock), which sets the digest period it falls in; each channel's clock is read once.
 */
export async function newConnectRequests(joins: readonly Join[]): Promise<ConnectRequest[]> {
  const accountIds = [...new Set(joins.map((j) => j.channel.accountId))];
  const clocks = new Map(
    await Promise.all(
      accountIds.map(async (id) => [id, isoTimestamp(await accountNow(await findAccount(id)))] as const),
    ),
  );
  return joins.map(({ channel, membership, merchantName }) => ({
    salesChannelId: channel.id,
    membershipId: membership.id,
    merchantId: membership.merchantId,
    merchantName,
    accountId: membership.accountId,
    requestedAt: clocks.get(channel.accountId)!,
  }));
}

/**
 * The writes that record connect requests for their channels' digests, in the transaction that makes the memberships:
 * each request, and once per channel the count recorded on its digest state (which lists the channel for the digest
 * run). A digest already sent for a later period than a request's time means that time was read before the channel's
 * clock moved on: TransactionConflictError, so the caller reads the clock again and never records a request into a
 * period already digested.
 */
export function connectRequestSteps(...requests: ConnectRequest[]): TransactionStep[] {
  const byChannel = new Map<string, ConnectRequest[]>();
  for (const r of requests) byChannel.set(r.salesChannelId, [...(byChannel.get(r.salesChannelId) ?? []), r]);
  return [
    ...requests.map((request) => connectRequestEntity.createStep(request)),
    ...[...byChannel].map(([salesChannelId, recorded]) =>
      digestStateEntity.updateStep([salesChannelId], {
        upsert: true,
        set: { salesChannelId, GSI2PK: DIGEST_STATES_PARTITION, GSI2SK: salesChannelId },
        add: { recorded: recorded.length },
        if: {
          expression: 'attribute_not_exists(#through) OR #through <= :at',
          names: { '#through': 'digestedThrough' },
          // The channel's requests share one clock reading.
          values: { ':at': recorded[0].requestedAt },
        },
        onConditionFailed: () => new TransactionConflictError(),
      }),
    ),
  ];
}
