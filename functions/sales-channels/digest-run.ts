import { findAccount } from '../accounts';
import { accountNow, isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, TransactionConflictError } from '../core/db/transaction';
import { derivedId } from '../core/ids';
import { inBatches } from '../core/in-batches';
import { notificationStep, type Notification } from '../core/notifications/outbox';
import { webhookEventSteps } from '../core/webhooks/outbox';
import { logger } from '../core/observability';
import { periodEnd, periodStart, type DigestFrequency } from './digest-periods';
import {
  connectRequestEntity,
  connectRequestsPartition,
  DIGEST_STATES_PARTITION,
  digestEntity,
  digestStateEntity,
  type ConnectRequest,
  type Digest,
  type DigestState,
  type SalesChannel,
} from './entities';
import { findSalesChannel } from './sales-channel-store';

/** Channels one run visits (those with connect requests); reaching it is logged. */
const MAX_CHANNELS = 10_000;
/** Connect requests of one channel one run reads; a period cut short by it waits for the next run. */
const MAX_REQUESTS_READ = 1_000;
/** Requests one digest names (it counts them all). */
const MAX_LISTED = 50;
/** Channels digested at once. */
const CONCURRENT_CHANNELS = 4;

export interface DigestTotals {
  /** Digests queued (their emails written to the notifications outbox). */
  queued: number;
  failed: number;
}

/**
 * One digest run, over every channel with connect requests and a `notificationEmail`: each period (a UTC day or an
 * ISO week, by `notificationFrequency`) that has ended on the channel account's clock (a test account's test clock)
 * and has requests gets one digest, its email queued in the same transaction through the notifications outbox. An
 * empty period sends nothing; a rerun finds the periods digested.
 */
export async function runSalesChannelDigests(): Promise<DigestTotals> {
  const states = await digestStateEntity.all({
    partition: DIGEST_STATES_PARTITION,
    index: 'GSI2',
    limit: MAX_CHANNELS,
  });
  if (states.length === MAX_CHANNELS) logger.error('sales channel digest run read its limit of channels');
  return inBatches(states, CONCURRENT_CHANNELS, { queued: 0, failed: 0 }, ({ salesChannelId }) =>
    retryOnConflict(() => digestChannel(salesChannelId)).then(
      (queued) => ({ queued }),
      (error: unknown) => {
        logger.error('sales channel digest failed', { salesChannelId, error: String(error) });
        return { failed: 1 };
      },
    ),
  );
}

/** Digests a channel's ended periods since its last digest, oldest first; answers how many it queued. */
async function digestChannel(salesChannelId: string): Promise<number> {
  const [channel, state] = await Promise.all([findSalesChannel(salesChannelId), digestStateEntity.get(salesChannelId)]);
  const email = channel?.notificationEmail;
  if (!channel || !email || !channel.notificationFrequency || !state) return 0;
  const frequency = channel.notificationFrequency;
  const now = await accountNow(await findAccount(channel.accountId));
  const current = isoTimestamp(periodStart(now, frequency));
  const read = await connectRequestEntity.all({
    partition: connectRequestsPartition(salesChannelId),
    ...(state.digestedThrough ? { sortKeyFrom: state.digestedThrough } : {}),
    newestFirst: false,
    limit: MAX_REQUESTS_READ,
  });
  const periods = endedPeriods(
    read.filter((r) => r.requestedAt < current),
    frequency,
  );
  // A full read that stopped inside the ended periods cut its last one short: that one waits for the next run, unless
  // it is the only one (then it is digested as far as read, and its email says so).
  const cutShort = read.length === MAX_REQUESTS_READ && (read.at(-1)?.requestedAt ?? '') < current;
  const due = cutShort && periods.length > 1 ? periods.slice(0, -1) : periods;
  let through = state.digestedThrough;
  for (const period of due) {
    const partial = cutShort && due.length === periods.length;
    const steps = digestSteps(
      { ...channel, notificationFrequency: frequency },
      email,
      { ...state, digestedThrough: through },
      period,
      now,
      partial,
    );
    await runTransaction(steps);
    through = period.end;
  }
  return due.length;
}

interface Period {
  start: string;
  end: string;
  requests: ConnectRequest[];
}

/** The requests (oldest first) grouped by the period each fell in. */
function endedPeriods(requests: readonly ConnectRequest[], frequency: DigestFrequency): Period[] {
  const periods: Period[] = [];
  for (const request of requests) {
    const start = periodStart(new Date(request.requestedAt), frequency);
    const last = periods.at(-1);
    if (last?.start === isoTimestamp(start)) last.requests.push(request);
    else
      periods.push({
        start: isoTimestamp(start),
        end: isoTimestamp(periodEnd(start, frequency)),
        requests: [request],
      });
  }
  return periods;
}

/**
 * The digest of one period, its email and the channel's state moved past the period, all or nothing: conditional on
 * the state as read (no request recorded since, no other run's digest), so overlapping runs send one digest.
 */
function digestSteps(
  channel: SalesChannel & { notificationFrequency: DigestFrequency },
  email: string,
  state: DigestState,
  period: Period,
  now: Date,
  cutShort: boolean,
) {
  const frequency = channel.notificationFrequency;
  const at = isoTimestamp(now);
  const digest: Digest = {
    id: derivedId(undefined, 'sales-channel-digest', channel.id, period.start),
    salesChannelId: channel.id,
    frequency,
    periodStart: period.start,
    periodEnd: period.end,
    requests: period.requests.length,
    status: 'created',
    createdAt: at,
  };
  const asRead = state.digestedThrough
    ? { expression: '#through = :through', values: { ':through': state.digestedThrough } }
    : { expression: 'attribute_not_exists(#through)', values: {} };
  const listed = period.requests.slice(0, MAX_LISTED);
  // The channel's notificationUrl gets the same digest through the webhook deliveries (signed, retried, parked
  // when they fail for good), its event written with the digest: once, as the digest is.
  const posted = channel.notificationUrl
    ? webhookEventSteps(
        [
          {
            kind: 'sales-channel',
            accountId: channel.accountId,
            test: channel.test,
            salesChannelId: channel.id,
            notificationUrl: channel.notificationUrl,
            data: {
              frequency,
              periodStart: period.start,
              periodEnd: period.end,
              connectRequestCount: period.requests.length,
              ...(cutShort ? { partial: true } : {}),
              connectRequests: listed.map((r) => ({
                merchantId: r.merchantId,
                merchantName: r.merchantName,
                accountId: r.accountId,
                membershipId: r.membershipId,
                requestedAt: r.requestedAt,
              })),
            },
          },
        ],
        at,
      ).steps
    : [];
  return [
    digestEntity.createStep(digest, { onExists: () => new TransactionConflictError() }),
    ...posted,
    digestStateEntity.updateStep([channel.id], {
      set: { digestedThrough: period.end },
      if: {
        expression: `#recorded = :recorded AND ${asRead.expression}`,
        names: { '#recorded': 'recorded', '#through': 'digestedThrough' },
        values: { ':recorded': state.recorded, ...asRead.values },
      },
      onConditionFailed: () => new TransactionConflictError(),
    }),
    notificationStep(
      {
        channel: 'email',
        to: email,
        template: 'sales-channel-digest',
        data: {
          salesChannelId: channel.id,
          salesChannelName: channel.name,
          frequency,
          periodStart: period.start,
          periodEnd: period.end,
          count: `${period.requests.length}${cutShort ? ' or more' : ''}`,
          requests: listed
            .map(
              (r) =>
                `${r.merchantName} (merchant ${r.merchantId}, account ${r.accountId}, membership ${r.membershipId})` +
                ` at ${r.requestedAt}`,
            )
            .join('\n'),
        },
        subject: { kind: 'sales-channel-digest', id: digest.id },
        test: channel.test,
      },
      at,
    ),
  ];
}

/** The digest's email was accepted: it reads `sent`, once (a redelivery finds it sent and changes nothing). */
export async function markDigestSent(notification: Notification, now: Date): Promise<void> {
  const { salesChannelId, periodStart: start } = notification.data;
  if (!salesChannelId || !start) return;
  const digest = await digestEntity.get(salesChannelId, start);
  if (!digest || digest.status === 'sent') return;
  await digestEntity
    .update([salesChannelId, start], {
      set: { status: 'sent', sentAt: isoTimestamp(now) },
      if: { expression: '#status = :created', names: { '#status': 'status' }, values: { ':created': 'created' } },
      onConditionFailed: () => new DigestAlreadySent(),
    })
    .catch((error: unknown) => {
      if (!(error instanceof DigestAlreadySent)) throw error;
    });
}

/** A concurrent delivery marked the digest sent first. */
class DigestAlreadySent extends Error {}
