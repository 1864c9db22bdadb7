import { PutCommand, QueryCommand } from '../db/document';
import { config } from '../config';
import { defineEntity, type TableKey } from '../db/entity';
import { TransactionConflictError, type TransactionStep } from '../db/transaction';
import { prefetch } from '../db/write-gate';
import { businessRule } from '../errors/classes';
import { formatAmount, type Amount } from '../money';
import { assetBalance } from './entities';
import { itemId, ledgerDb, readLedgerItem, toAmount, toDynamoNumber } from './ledger-db';

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
 *
 * Where the counter is: an account's first wallet of a money asset type (a settlement wallet is never one) holds its
 * account's spend counter of that type on its own base item, beside the balance every spend debits, so a spend
 * changes one item instead of two (the counter on the wallet, below). Once the account opens a second wallet of the
 * type, the counter moves in that open's transaction to the counter items every other account's counter is on.
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
  /** The debited wallet's base item holds this counter (set by the engine from the item as read: counterOnWallet). */
  onWallet?: CounterOnWallet;
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

/**
 * The counter on the wallet. Its base item carries `quotaSpend` (every amount it counted: its mark, present while
 * it holds the counter), `quotaSpend<YYYY>` (the year's usage) and `quotaSpend<YYYY>m<MM>` (the month's); a spend
 * counts on the names of its own month and year and removes those before the previous month's and year's (see
 * staleOnWallet), so the item keeps at most four. A pointer in the account's quota partition names the wallet, for
 * the quotas listing (it reads usage where it is).
 */
const ON_WALLET_MARK = 'quotaSpend';
const ON_WALLET_PERIOD = /^quotaSpend\d{4}(m\d{2})?$/;
const onWalletNames = (at: string) => {
  const { yearly, monthAttribute } = intervalsOf(at);
  return { year: `${ON_WALLET_MARK}${yearly}`, month: `${ON_WALLET_MARK}${yearly}${monthAttribute}` };
};

/**
 * The period names a spend at `at` removes from the wallet: those before the previous month and its year. They stay
 * because a spend dated just before a boundary may commit after the first one dated past it, and must
 * still find its own period's usage to be held within the limit; and a spend never removes a name newer than its own.
 */
export function staleOnWallet(periods: readonly string[], at: string): string[] {
  const previous = new Date(Date.UTC(Number(at.slice(0, 4)), Number(at.slice(5, 7)) - 2, 1)).toISOString();
  const keptFrom = onWalletNames(previous);
  return periods.filter((name) => name < (name.length > keptFrom.year.length ? keptFrom.month : keptFrom.year));
}

/** A wallet's base item holding its account's spend counter, as read: its key and the period names it held. */
export interface CounterOnWallet {
  key: TableKey;
  periods: readonly string[];
}

/** The counter a base item as read holds, or undefined when it holds none. */
export function counterOnWallet(base: Record<string, unknown> | undefined): CounterOnWallet | undefined {
  if (!base || base[ON_WALLET_MARK] === undefined) return undefined;
  return {
    key: { PK: String(base.PK), SK: String(base.SK) },
    periods: Object.keys(base).filter((name) => ON_WALLET_PERIOD.test(name)),
  };
}

/** Which wallet holds an account's spend counter of an asset type (none once it has moved to the counter items). */
interface CounterHolder {
  accountId: string;
  assetType: string;
  assetId: string;
}

const holderKey = (accountId: string, assetType: string): TableKey => ({
  PK: quotaPartition(accountId),
  SK: `SPENDWALLET#${assetType}`,
});

const counterHolderEntity = defineEntity<CounterHolder, [accountId: string, assetType: string]>({
  type: 'quota-counter-holder',
  version: 1,
  key: holderKey,
  keyOf: (h) => holderKey(h.accountId, h.assetType),
  required: ['accountId', 'assetType', 'assetId'],
});

/**
 * What opening an account's first wallet of an asset type writes for the wallet to hold the spend counter: the mark
 * on its base item (`attributes`) and the pointer (`step`, in the same transaction: a pointer already there is a race
 * with another first open, retried).
 */
export function counterOnNewWallet(accountId: string, assetType: string, assetId: string) {
  return {
    attributes: { [ON_WALLET_MARK]: 0 },
    step: counterHolderEntity.createStep(
      { accountId, assetType, assetId },
      { onExists: () => new TransactionConflictError() },
    ),
  };
}

/** The wallet holding an account's spend counter of an asset type, if one does. */
export async function counterHolder(accountId: string, assetType: string): Promise<string | undefined> {
  return (await counterHolderEntity.get(accountId, assetType))?.assetId;
}

/**
 * The steps moving the spend counter off the wallet holding it (its base item as read, strongly consistently) onto
 * the account's counter items, for the transaction that opens a second wallet of the type. The wallet's usage is
 * added to each year's counter item and its attributes removed, on condition that it counted nothing since read
 * (its mark unchanged): a spend counted in between is a conflict to re-read. From then on every wallet of the type
 * counts on the counter items, and the two never both hold usage of one period.
 */
export function counterOffWallet(
  accountId: string,
  assetType: string,
  base: Record<string, unknown>,
): TransactionStep[] {
  const held = counterOnWallet(base);
  if (!held) throw new Error('the wallet holds no spend counter');
  const years = new Map<string, Record<string, unknown>>();
  for (const name of held.periods) {
    const year = name.slice(ON_WALLET_MARK.length, ON_WALLET_MARK.length + 4);
    const period = name.length > ON_WALLET_MARK.length + 4 ? name.slice(ON_WALLET_MARK.length + 4) : 'yearly';
    years.set(year, { ...years.get(year), [period]: base[name] });
  }
  const removed = [ON_WALLET_MARK, ...held.periods];
  return [
    {
      item: {
        Update: {
          TableName: table(),
          Key: held.key,
          UpdateExpression: `REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}`,
          ConditionExpression: '#r0 = :counted',
          ExpressionAttributeNames: Object.fromEntries(removed.map((name, i) => [`#r${i}`, name])),
          ExpressionAttributeValues: { ':counted': base[ON_WALLET_MARK] },
        },
      },
      onConditionFailed: () => new TransactionConflictError(),
    },
    ...[...years].map(([year, usage]) => {
      const record: QuotaCounter = { accountId, quotaType: 'spend', assetType, year };
      const set = counterAttributes(record);
      const added = Object.entries(usage);
      return {
        item: {
          Update: {
            TableName: table(),
            Key: quotaCounterEntity.keyOf(record),
            UpdateExpression:
              `SET ${set.map((_, i) => `#s${i} = :s${i}`).join(', ')} ` +
              `ADD ${added.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
            ExpressionAttributeNames: {
              ...Object.fromEntries(set.map(([name], i) => [`#s${i}`, name])),
              ...Object.fromEntries(added.map(([name], i) => [`#a${i}`, name])),
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(set.map(([, value], i) => [`:s${i}`, value])),
              ...Object.fromEntries(added.map(([, value], i) => [`:a${i}`, value])),
            },
          },
        },
      };
    }),
    counterHolderEntity.removeStep([accountId, assetType], {
      if: { expression: 'attribute_exists(PK)' },
      onConditionFailed: () => new TransactionConflictError(),
    }),
  ];
}

/** What a counter item's update sets besides usage: what the entity's `item` would write, keys aside. */
const counterAttributes = (record: QuotaCounter) =>
  Object.entries(quotaCounterEntity.item(record)).filter(([name]) => name !== 'PK' && name !== 'SK');

/** The calendar month and year a clock reading falls in (UTC). */
export function intervalsOf(at: string): Record<QuotaPeriod, string> & { monthAttribute: string } {
  return { monthly: at.slice(0, 7), yearly: at.slice(0, 4), monthAttribute: `m${at.slice(5, 7)}` };
}

export async function readQuotaLimits(accountId: string): Promise<QuotaLimits | undefined> {
  const item = await readLedgerItem(limitsKey(accountId));
  return item ? quotaLimitsEntity.parse(item) : undefined;
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

/** One Query of an account's quota partition under a sort-key prefix, strongly consistent. */
const queryQuotaPartition = async (accountId: string, prefix: string) =>
  (
    await ledgerDb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': quotaPartition(accountId), ':prefix': prefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/**
 * Every quota of an account for these asset types in the intervals `at` falls in: spend and top-up,
 * monthly and yearly. One Query of the year's counters, one of the wallets holding spend counters and one read of
 * the account's limits side by side, then a read of each such wallet.
 */
export async function accountQuotas(accountId: string, assetTypes: readonly string[], at: string): Promise<Quota[]> {
  const intervals = intervalsOf(at);
  const [own, counters, holders] = await Promise.all([
    readQuotaLimits(accountId),
    queryQuotaPartition(accountId, countersOfYear(accountId, intervals.yearly).SKPrefix),
    queryQuotaPartition(accountId, holderKey(accountId, '').SK),
  ]);
  const read = counters.map((item) => quotaCounterEntity.parse(item));
  const onWallets = new Map(
    await Promise.all(
      holders
        .map((item) => counterHolderEntity.parse(item))
        .filter((h) => assetTypes.includes(h.assetType))
        .map(async (h) => [h.assetType, await readLedgerItem(assetBalance.key(h.assetId))] as const),
    ),
  );
  const names = onWalletNames(at);
  return assetTypes.flatMap((assetType) =>
    QUOTA_TYPES.flatMap((type) => {
      const counted = usageIn(
        read.find((c) => c.quotaType === type && c.assetType === assetType),
        intervals.monthAttribute,
      );
      // The two never both hold a period's usage (counterOffWallet moves it whole): summed, it is where it is.
      const wallet = type === 'spend' ? onWallets.get(assetType) : undefined;
      const onWallet = usageIn(
        wallet && { yearly: wallet[names.year], [intervals.monthAttribute]: wallet[names.month] },
        intervals.monthAttribute,
      );
      return QUOTA_PERIODS.map((period) =>
        quota(
          type,
          period,
          assetType,
          intervals[period],
          limitOf(own, type, period, assetType),
          counted[period] + onWallet[period],
        ),
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
 * A spend's count on the wallet holding its counter, for the engine to add to its update of that item (the debit:
 * DynamoDB takes one operation per item in a transaction). Placeholders are `#q…` and `:q…`.
 */
export interface CounterClause {
  key: TableKey;
  /** Terms of an ADD clause. */
  add: string;
  remove: readonly string[];
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** QUOTA_EXCEEDED from the item as it was, or undefined (a race: the counter moved, or was raced to its limit). */
  decode: (old: Record<string, unknown> | undefined) => Error | undefined;
}

/** A counted transfer plan: steps of counter items, and counts for the updates of the wallets that hold theirs. */
export interface QuotaPlan {
  steps: TransactionStep[];
  clauses: CounterClause[];
}

/**
 * The counts of what these transfers move against quotas: one per counter (the amounts of transfers counting on the
 * same one are summed), conditional on every period staying within its limit. A failed condition is decoded from
 * the counter as it was into QUOTA_EXCEEDED. Costs one read of the account's limits per account, and one
 * transactional write per counter item (none for a counter on the debited wallet).
 */
export async function quotaPlan(counted: readonly { usage: QuotaUsage; amount: Amount }[]): Promise<QuotaPlan> {
  const counters = new Map<string, { usage: QuotaUsage; amount: Amount }>();
  for (const { usage, amount } of counted) {
    // One operation per item in a transaction: transfers of one call share the first one's month.
    const id = itemId(
      usage.onWallet?.key ?? counterKey(usage.accountId, intervalsOf(usage.at).yearly, usage.type, usage.assetType),
    );
    const seen = counters.get(id);
    counters.set(id, { usage: seen?.usage ?? usage, amount: (seen?.amount ?? 0n) + amount });
  }
  const limitsOf = new Map<string, Promise<QuotaLimits | undefined>>();
  const counts = await Promise.all(
    [...counters.values()].map(async ({ usage, amount }) => {
      if (!limitsOf.has(usage.accountId)) limitsOf.set(usage.accountId, readQuotaLimits(usage.accountId));
      const own = await limitsOf.get(usage.accountId);
      const limits = {
        monthly: limitOf(own, usage.type, 'monthly', usage.assetType),
        yearly: limitOf(own, usage.type, 'yearly', usage.assetType),
      };
      return usage.onWallet
        ? { clause: walletClause(usage, usage.onWallet, amount, limits) }
        : { step: counterStep(usage, amount, limits) };
    }),
  );
  return {
    steps: counts.flatMap((c) => (c.step ? [c.step] : [])),
    clauses: counts.flatMap((c) => (c.clause ? [c.clause] : [])),
  };
}

/**
 * The counts of usages on counter items, as transaction steps (a top up's). A count on a wallet is the engine's to
 * add to that wallet's update (core/ledger/transfers.ts): here it is a bug in the caller.
 */
export async function quotaSteps(
  counted: readonly { usage: QuotaUsage; amount: Amount }[],
): Promise<TransactionStep[]> {
  const plan = await quotaPlan(counted);
  if (plan.clauses.length) throw new Error("a count on a wallet needs that wallet's update");
  return plan.steps;
}

/**
 * A wallet's update with a count added. The update's expression must end in its ADD clause; a failed condition is
 * the update's broken rule first, then the count's.
 */
export function countedOn(step: TransactionStep, clause: CounterClause): TransactionStep {
  const update = step.item.Update;
  if (!update) throw new Error('a count is added to an update of its wallet');
  return {
    item: {
      Update: {
        ...update,
        UpdateExpression:
          `${update.UpdateExpression}, ${clause.add}` +
          (clause.remove.length ? ` REMOVE ${clause.remove.join(', ')}` : ''),
        ConditionExpression: `${update.ConditionExpression} AND ${clause.condition}`,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...clause.names },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...clause.values },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (old) => {
      const own = step.onConditionFailed?.(old);
      if (own && !(own instanceof TransactionConflictError)) return own;
      return clause.decode(old) ?? own ?? new TransactionConflictError();
    },
  };
}

/**
 * Counts `amount` on the wallet holding the counter: the period names of the spend's own month and year, the mark,
 * and removes the period names the item held as read older than the previous month and year. Conditional
 * on the item still holding the counter (its mark) and on each period staying within its limit.
 */
function walletClause(
  usage: QuotaUsage,
  onWallet: CounterOnWallet,
  amount: Amount,
  limits: Record<QuotaPeriod, Amount>,
): CounterClause {
  const { year, month } = onWalletNames(usage.at);
  const stale = staleOnWallet(onWallet.periods, usage.at);
  return {
    key: onWallet.key,
    add: '#qMark :qAmount, #qYear :qAmount, #qMonth :qAmount',
    remove: stale.map((_, i) => `#qStale${i}`),
    condition:
      `attribute_exists(#qMark) AND ${within('#qYear', ':qYearRoom', limits.yearly - amount)} AND ` +
      `${within('#qMonth', ':qMonthRoom', limits.monthly - amount)}`,
    names: {
      '#qMark': ON_WALLET_MARK,
      '#qYear': year,
      '#qMonth': month,
      ...Object.fromEntries(stale.map((name, i) => [`#qStale${i}`, name])),
    },
    values: {
      ':qAmount': toDynamoNumber(amount),
      ':qYearRoom': toDynamoNumber(limits.yearly - amount),
      ':qMonthRoom': toDynamoNumber(limits.monthly - amount),
    },
    decode: (old) =>
      old?.[ON_WALLET_MARK] === undefined
        ? undefined
        : exceeded(usage, amount, limits, { yearly: old[year], [intervalsOf(usage.at).monthAttribute]: old[month] }),
  };
}

/**
 * Counts `amount` on the counter (made by its first count: the update writes what the entity's
 * `item` would). Each period's usage must stay within its limit; an amount above a limit on its own
 * fails whatever the counter holds, in the transaction like any other, so the transaction's first
 * failed step still decides what is answered.
 */
function counterStep(usage: QuotaUsage, amount: Amount, limits: Record<QuotaPeriod, Amount>): TransactionStep {
  const intervals = intervalsOf(usage.at);
  const set = counterAttributes({
    accountId: usage.accountId,
    quotaType: usage.type,
    assetType: usage.assetType,
    year: intervals.yearly,
  });
  return {
    item: {
      Update: {
        TableName: table(),
        Key: counterKey(usage.accountId, intervals.yearly, usage.type, usage.assetType),
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
