import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { defineEntity, type TableKey } from '../db/entity';
import { TransactionConflictError, type TransactionStep } from '../db/transaction';
import { prefetch } from '../db/write-gate';
import { businessRule } from '../errors/classes';
import { formatAmount, type Amount } from '../money';
import { ledgerDb, toAmount, toDynamoNumber } from './ledger-db';

/**
 * Spend and top-up quotas: how much value an account may move per asset type in a calendar month
 * and a calendar year. The transfer engine counts a transfer that names a quota (TransferSpec.quota)
 * on one counter item per account, quota type, asset type and year, holding the year's total and
 * each month's, updated in the transfer's own transaction on condition that neither would pass its
 * limit: concurrent transfers can never pass a limit together, and a refused one counts nothing.
 *
 * What counts: `spend` is value leaving the account's wallets (pays from a wallet, legacy pays,
 * money sent by asset transfers, counted when sent: the value is held from then on); `topup` is
 * value coming in from a bank account (funds transfers). Tokens and test top-ups count against
 * nothing. Usage is never given back: refunds, voids, releases and returned or cancelled transfers
 * leave it as it was (the quota bounds what was attempted to move, as limits on card spend do).
 * Months and years are UTC calendar ones on the account's own clock (its test clock, if any).
 */

export const QUOTA_TYPES = ['spend', 'topup'] as const;
export type QuotaType = (typeof QUOTA_TYPES)[number];
export const QUOTA_PERIODS = ['monthly', 'yearly'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

/**
 * Limits of an account without its own: NZD 50,000.00 a month and 200,000.00 a year, per quota
 * type and asset type (in the asset's smallest unit). The operator sets an account's own limits.
 */
export const DEFAULT_QUOTA_LIMITS: Readonly<Record<QuotaPeriod, Amount>> = { monthly: 5_000_000n, yearly: 20_000_000n };

/** Quota limits an account may hold: every type and period of a few asset types. */
export const MAX_QUOTA_LIMITS = 20;

/** What a transfer counts against: the account whose quota it is, on that account's clock. */
export interface QuotaUsage {
  type: QuotaType;
  accountId: string;
  assetType: string;
  /** A reading of the account's own clock (ISO 8601 UTC): it decides the month and year counted. */
  at: string;
}

/** One quota as the API shows it: `usage` of `limit` in the current `interval` of its period. */
export interface Quota {
  limit: string;
  interval: string;
  period: QuotaPeriod;
  usage: string;
  type: QuotaType;
  assetType: string;
}

export interface QuotaLimit {
  type: QuotaType;
  period: QuotaPeriod;
  assetType: string;
  limit: string;
}

/** An account's own limits (the operator's); a quota not named here has the default. */
export interface QuotaLimits {
  accountId: string;
  limits: QuotaLimit[];
  updatedAt: string;
  updatedBy: string;
}

/** A counter: the year's usage (`yearly`) and each month's (`m01` … `m12`), DynamoDB Numbers. */
export interface QuotaCounter {
  accountId: string;
  quotaType: QuotaType;
  assetType: string;
  year: string;
  /** `yearly` and the months' `mMM`, as read. */
  [usage: string]: unknown;
}

const quotaPartition = (accountId: string) => `QUOTA#${accountId}`;
const limitsKey = (accountId: string): TableKey => ({ PK: quotaPartition(accountId), SK: 'LIMITS' });
const counterKey = (accountId: string, year: string, type: QuotaType, assetType: string): TableKey => ({
  PK: quotaPartition(accountId),
  SK: `USAGE#${year}#${type}#${assetType}`,
});
/** An account's counters of one year: one Query (at most quota types × asset types items). */
const countersOfYear = (accountId: string, year: string) => ({
  PK: quotaPartition(accountId),
  SKPrefix: `USAGE#${year}#`,
});

export const quotaLimitsEntity = defineEntity<QuotaLimits, [accountId: string]>({
  type: 'quota-limits',
  version: 1,
  key: limitsKey,
  keyOf: (l) => limitsKey(l.accountId),
  required: ['accountId', 'limits', 'updatedAt', 'updatedBy'],
});

export const quotaCounterEntity = defineEntity<
  QuotaCounter,
  [accountId: string, year: string, type: QuotaType, assetType: string]
>({
  type: 'quota-counter',
  version: 1,
  key: counterKey,
  keyOf: (c) => counterKey(c.accountId, c.year, c.quotaType, c.assetType),
  required: ['accountId', 'quotaType', 'assetType', 'year'],
});

const table = () => config().tableName;

/** The calendar month and year a clock reading falls in (UTC). */
export function intervalsOf(at: string): Record<QuotaPeriod, string> & { monthAttribute: string } {
  return { monthly: at.slice(0, 7), yearly: at.slice(0, 4), monthAttribute: `m${at.slice(5, 7)}` };
}

export async function readQuotaLimits(accountId: string): Promise<QuotaLimits | undefined> {
  const out = await ledgerDb().send(
    new GetCommand({ TableName: table(), Key: limitsKey(accountId), ConsistentRead: true }),
  );
  return out.Item ? quotaLimitsEntity.parse(out.Item) : undefined;
}

/**
 * Starts reading an account's limits now, for a counted transfer planned later in the request (core/db/write-gate.ts).
 */
export function prefetchQuotaLimits(accountId: string): void {
  prefetch(readQuotaLimits(accountId));
}

/** Replaces an account's own limits (the operator's call); allow-listed fields only. */
export async function writeQuotaLimits(
  accountId: string,
  limits: readonly QuotaLimit[],
  by: string,
  at: string,
): Promise<void> {
  const record: QuotaLimits = {
    accountId,
    limits: limits.map(({ type, period, assetType, limit }) => ({ type, period, assetType, limit })),
    updatedAt: at,
    updatedBy: by,
  };
  await ledgerDb().send(new PutCommand({ TableName: table(), Item: quotaLimitsEntity.item(record) }));
}

/** The limit of one quota: the account's own, else the default. */
function limitOf(own: QuotaLimits | undefined, type: QuotaType, period: QuotaPeriod, assetType: string): Amount {
  const set = own?.limits.find((l) => l.type === type && l.period === period && l.assetType === assetType);
  return set ? BigInt(set.limit) : DEFAULT_QUOTA_LIMITS[period];
}

/** Usage of each period in a counter as read (none: nothing counted yet). */
function usageIn(counter: Record<string, unknown> | undefined, monthAttribute: string): Record<QuotaPeriod, Amount> {
  return { monthly: toAmount(counter?.[monthAttribute]), yearly: toAmount(counter?.yearly) };
}

/**
 * Every quota of an account for these asset types in the intervals `at` falls in: spend and top-up,
 * monthly and yearly. One Query of the year's counters and one read of the account's limits.
 */
export async function accountQuotas(accountId: string, assetTypes: readonly string[], at: string): Promise<Quota[]> {
  const intervals = intervalsOf(at);
  const year = countersOfYear(accountId, intervals.yearly);
  const [own, counters] = await Promise.all([
    readQuotaLimits(accountId),
    ledgerDb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': year.PK, ':prefix': year.SKPrefix },
        ConsistentRead: true,
      }),
    ),
  ]);
  const read = (counters.Items ?? []).map((item) => quotaCounterEntity.parse(item));
  return assetTypes.flatMap((assetType) =>
    QUOTA_TYPES.flatMap((type) => {
      const usage = usageIn(
        read.find((c) => c.quotaType === type && c.assetType === assetType),
        intervals.monthAttribute,
      );
      return QUOTA_PERIODS.map((period) =>
        quota(type, period, assetType, intervals[period], limitOf(own, type, period, assetType), usage[period]),
      );
    }),
  );
}

const quota = (
  type: QuotaType,
  period: QuotaPeriod,
  assetType: string,
  interval: string,
  limit: Amount,
  usage: Amount,
): Quota => ({
  limit: formatAmount(limit),
  interval,
  period,
  usage: formatAmount(usage),
  type,
  assetType,
});

/**
 * QUOTA_EXCEEDED carrying every quota the amount would pass, each with the usage it would have
 * reached; undefined when none would (the condition failed on a race: the caller retries).
 */
function exceeded(
  usage: QuotaUsage,
  amount: Amount,
  limits: Record<QuotaPeriod, Amount>,
  counter: Record<string, unknown> | undefined,
) {
  const intervals = intervalsOf(usage.at);
  const used = usageIn(counter, intervals.monthAttribute);
  const quotas = QUOTA_PERIODS.filter((period) => used[period] + amount > limits[period]).map((period) =>
    quota(usage.type, period, usage.assetType, intervals[period], limits[period], used[period] + amount),
  );
  return quotas.length ? businessRule('QUOTA_EXCEEDED', { quotas }) : undefined;
}

/**
 * The counter updates for what these transfers move against quotas: one step per counter (the
 * amounts of transfers counting on the same one are summed), conditional on every period staying
 * within its limit. A failed condition is decoded from the counter as it was into QUOTA_EXCEEDED.
 * Costs one read of the account's limits per account, and one transactional write per counter.
 */
export async function quotaSteps(
  counted: readonly { usage: QuotaUsage; amount: Amount }[],
): Promise<TransactionStep[]> {
  const counters = new Map<string, { usage: QuotaUsage; amount: Amount }>();
  for (const { usage, amount } of counted) {
    // One operation per item in a transaction: transfers of one call share the first one's month.
    const { PK, SK } = counterKey(usage.accountId, intervalsOf(usage.at).yearly, usage.type, usage.assetType);
    const id = `${PK}|${SK}`;
    const seen = counters.get(id);
    counters.set(id, { usage: seen?.usage ?? usage, amount: (seen?.amount ?? 0n) + amount });
  }
  const limitsOf = new Map<string, Promise<QuotaLimits | undefined>>();
  return Promise.all(
    [...counters.values()].map(async ({ usage, amount }) => {
      if (!limitsOf.has(usage.accountId)) limitsOf.set(usage.accountId, readQuotaLimits(usage.accountId));
      const own = await limitsOf.get(usage.accountId);
      return counterStep(usage, amount, {
        monthly: limitOf(own, usage.type, 'monthly', usage.assetType),
        yearly: limitOf(own, usage.type, 'yearly', usage.assetType),
      });
    }),
  );
}

/**
 * Counts `amount` on the counter (made by its first count: the update writes what the entity's
 * `item` would). Each period's usage must stay within its limit; an amount above a limit on its own
 * fails whatever the counter holds, in the transaction like any other, so the transaction's first
 * failed step still decides what is answered.
 */
function counterStep(usage: QuotaUsage, amount: Amount, limits: Record<QuotaPeriod, Amount>): TransactionStep {
  const intervals = intervalsOf(usage.at);
  const record: QuotaCounter = {
    accountId: usage.accountId,
    quotaType: usage.type,
    assetType: usage.assetType,
    year: intervals.yearly,
  };
  const set = Object.entries(quotaCounterEntity.item(record)).filter(([name]) => name !== 'PK' && name !== 'SK');
  return {
    item: {
      Update: {
        TableName: table(),
        Key: quotaCounterEntity.keyOf(record),
        UpdateExpression: `SET ${set.map((_, i) => `#s${i} = :s${i}`).join(', ')} ADD #yearly :amount, #month :amount`,
        ConditionExpression:
          `${within('#yearly', ':yearRoom', limits.yearly - amount)} AND ` +
          `${within('#month', ':monthRoom', limits.monthly - amount)}`,
        ExpressionAttributeNames: {
          ...Object.fromEntries(set.map(([name], i) => [`#s${i}`, name])),
          '#yearly': 'yearly',
          '#month': intervals.monthAttribute,
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(set.map(([, value], i) => [`:s${i}`, value])),
          ':amount': toDynamoNumber(amount),
          ':yearRoom': toDynamoNumber(limits.yearly - amount),
          ':monthRoom': toDynamoNumber(limits.monthly - amount),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (old) => exceeded(usage, amount, limits, old) ?? new TransactionConflictError(),
  };
}

/** Usage `name` may take the amount: no room (a negative one) fails even where nothing was counted yet. */
const within = (name: string, room: string, left: Amount) =>
  left < 0n ? `${name} <= ${room}` : `(attribute_not_exists(${name}) OR ${name} <= ${room})`;
