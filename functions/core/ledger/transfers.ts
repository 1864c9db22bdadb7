import { randomInt } from 'node:crypto';
import { QueryCommand } from '../db/document';
import { config } from '../config';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../db/transaction';
import { prefetch } from '../db/write-gate';
import { businessRule, type BusinessRuleCode } from '../errors/classes';
import { formatAmount, type Amount } from '../money';
import {
  assetBalance,
  assetShard,
  balanceItemsOf,
  legacyLedgerEntry,
  pendingTransferEntity,
  postedTransferEntity,
  type AssetSide,
  type BalanceAttributes,
  type PendingTransfer,
  type TransferKind,
  type TransferReceipt,
} from './entities';
import { transferRefs } from './history';
import { itemId, ledgerDb, readLedgerItem, toAmount, toDynamoNumber } from './ledger-db';
import { counterOnWallet, countedOn, quotaPlan, type QuotaPlan, type QuotaUsage } from './quotas';

export type { AssetSide, PendingTransfer, TransferKind } from './entities';

/**
 * The transfer engine: the only way money moves. Modelled on TigerBeetle: an asset's balance
 * items hold `balance`, `pending` (reserved by two-phase transfers) and `available` (= balance −
 * pending, kept as its own number because a condition expression cannot subtract). A posted
 * transfer debits `available` and `balance` at once; a pending one reserves `available` on the
 * payer's own asset and is later posted (in full or in parts) or voided. Every posted movement
 * writes one immutable transfer record carrying both sides, keyed by the transfer id, which
 * callers derive from their idempotency scope, so a transfer can never be written twice.
 *
 * Each side's condition is checked by DynamoDB, and a failure is decoded from the item as it was
 * (`ReturnValuesOnConditionCheckFailure`) into the one rule it broke, each with its own code.
 */

/** The rules a side of a transfer can break, in the order they are judged. */
export type TransferRule = 'missing' | 'inactive' | 'currency' | 'liveness' | 'insufficient';

/** The documented code each broken rule answers with, per flow. */
export type RuleCodes = Record<TransferRule, BusinessRuleCode>;

export const DEFAULT_RULE_CODES: RuleCodes = {
  missing: 'INACTIVE_ASSET',
  inactive: 'INACTIVE_ASSET',
  currency: 'INVALID_ASSET_TYPE',
  liveness: 'LIVENESS_MISMATCH',
  insufficient: 'INSUFFICIENT_ASSET_VALUE',
};

export interface TransferSpec {
  /** Derived from the caller's idempotency scope: a repeated transfer fails on its record. */
  id: string;
  kind: TransferKind;
  debit: AssetSide;
  credit: AssetSide;
  amount: Amount;
  currency: string;
  /** When given, both sides must be of this liveness. */
  liveness?: 'main' | 'test';
  /** References recorded on the transfer (payment request, refund, top-up ids). */
  refs?: Record<string, string>;
  /** Codes for the debited and the credited side; the defaults are the payment codes. */
  debitCodes?: Partial<RuleCodes>;
  creditCodes?: Partial<RuleCodes>;
  /**
   * The credited (single-item) asset does not exist yet: this transfer opens it, writing its base
   * item with these attributes and the credit as its balance (a token issued, or received whole).
   */
  openCredit?: Record<string, unknown>;
  /**
   * The account quota this transfer counts against (core/ledger/quotas.ts): `type` `spend` for
   * value leaving the account's wallet (pays, money asset transfers), `topup` for value coming in
   * from its bank account (funds transfers: `quota: { type: 'topup', accountId, assetType, at }`
   * with the topped-up account's id, the wallet's asset type and a reading of that account's clock).
   * Its counter is updated in the transfer's own transaction, on condition that no limit is passed:
   * else the transaction fails whole with QUOTA_EXCEEDED carrying the quotas it would pass. It costs
   * one read of the account's limits and one more item (two write units) in the transaction.
   */
  quota?: QuotaUsage;
  /** The receipt of the keyed command that posts this transfer, kept on its record (core/idempotency.ts). */
  receipt?: TransferReceipt;
}

/** Shards per hot asset: each takes about 1,000 write units a second on DynamoDB. */
export const HOT_ASSET_SHARDS = 8;
/** Shards of a system issuance asset. */
export const SYSTEM_ASSET_SHARDS = 8;

const table = () => config().tableName;

/** A transfer already written under this id: the caller's idempotency record decides what it answers. */
export class DuplicateTransferError extends Error {
  constructor(id: string) {
    super(`transfer ${id} already exists`);
    this.name = 'DuplicateTransferError';
  }
}

/** Balance of one item as read (`NumberValue` from the ledger client). */
interface BalanceItem {
  key: { PK: string; SK: string };
  balance: Amount;
  pending: Amount;
  available: Amount;
  status?: string;
  currency?: string;
  liveness?: string;
}

/**
 * Every balance item of an asset: the base item, then its shards (one strongly consistent Query),
 * each parsed by its entity. `base` is the base item as stored, for its owner's entity to parse.
 */
export async function readBalanceItems(
  assetId: string,
): Promise<{ base?: Record<string, unknown>; items: BalanceItem[] }> {
  const { PK, shardPrefix } = balanceItemsOf(assetId);
  const out = await ledgerDb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    }),
  );
  const rows = out.Items ?? [];
  const baseSK = assetBalance.key(assetId).SK;
  const base = rows.find((r) => r.SK === baseSK);
  const items = [
    ...(base ? baseBalanceItems(assetId, base) : []),
    ...rows
      .filter((r) => String(r.SK).startsWith(shardPrefix))
      .map((r) => {
        const shard = assetShard.parse(r);
        return balanceItem(assetShard.keyOf(shard), shard);
      }),
  ];
  return { base, items };
}

const balanceItem = (key: BalanceItem['key'], r: BalanceAttributes): BalanceItem => ({
  key,
  balance: toAmount(r.balance),
  pending: toAmount(r.pending),
  available: toAmount(r.available ?? r.balance),
  status: r.status,
  currency: r.currency,
  liveness: r.liveness,
});

/**
 * The balance item an asset's base item holds, from that item as read (strongly consistently). For an asset without
 * shards it is every balance item there is, so a reader that already has the base item needs no Query of them.
 */
export const baseBalanceItems = (assetId: string, base: Record<string, unknown>): BalanceItem[] => [
  balanceItem(assetBalance.key(assetId), assetBalance.parse(base)),
];

/** Starts reading an asset's balance items now, for the same read later in the request (core/db/write-gate.ts). */
export function prefetchBalanceItems(assetId: string): void {
  prefetch(readBalanceItems(assetId));
}

/** Balance, pending and available of an asset: the sums over its balance items. */
export function totals(items: readonly BalanceItem[]): { balance: Amount; pending: Amount; available: Amount } {
  return items.reduce(
    (sum, i) => ({
      balance: sum.balance + i.balance,
      pending: sum.pending + i.pending,
      available: sum.available + i.available,
    }),
    { balance: 0n, pending: 0n, available: 0n },
  );
}

/** The balance attributes a new asset's items start with. */
export const ZERO_BALANCE = { balance: 0, pending: 0, available: 0 } as const;

/** Shard items of a new hot asset, carrying the status, currency and liveness their conditions check. */
export function shardItems(
  assetId: string,
  shards: number,
  attributes: { status: string; currency: string; liveness: string },
) {
  return Array.from({ length: shards }, (_, shard) =>
    assetShard.item({ assetId, shard, ...attributes, ...ZERO_BALANCE }),
  );
}

/** The first rule an item as it was breaks for this side, or undefined (then it was a race: retry). */
export function brokenRule(
  old: Record<string, unknown> | undefined,
  expect: { currency: string; liveness?: string; amount?: Amount },
): TransferRule | undefined {
  if (!old) return 'missing';
  if (old.status !== 'active') return 'inactive';
  if (old.currency !== expect.currency) return 'currency';
  if (expect.liveness && old.liveness !== expect.liveness) return 'liveness';
  if (expect.amount !== undefined && toAmount(old.available) < expect.amount) return 'insufficient';
  return undefined;
}

function ruleError(codes: Partial<RuleCodes> | undefined, expect: Parameters<typeof brokenRule>[1]) {
  return (old: Record<string, unknown> | undefined) => {
    const rule = brokenRule(old, expect);
    return rule ? businessRule({ ...DEFAULT_RULE_CODES, ...codes }[rule]) : new TransactionConflictError();
  };
}

/** Condition and values shared by every checked side: exists, active, currency (and liveness). */
function guard(currency: string, liveness: string | undefined) {
  return {
    condition:
      `attribute_exists(PK) AND #status = :active AND currency = :currency` +
      `${liveness ? ' AND liveness = :liveness' : ''}`,
    names: { '#status': 'status' },
    values: { ':active': 'active', ':currency': currency, ...(liveness ? { ':liveness': liveness } : {}) },
  };
}

/** One balance change of one item: deltas to the same item in one transaction are merged first. */
interface Leg {
  key: { PK: string; SK: string };
  /** The shard number, when the item is a shard. */
  shard?: number;
  delta: Amount;
  system: boolean;
  assetId: string;
  currency: string;
  liveness?: string;
  codes?: Partial<RuleCodes>;
  /** The base item this credit creates (TransferSpec.openCredit). */
  open?: Record<string, unknown>;
  /**
   * A portion of a sharded debit, planned from the shards as read: if the shard no longer holds it,
   * another debit took it first, a conflict to re-read and re-plan (the wallet's total is checked again
   * then), not a shortfall of the wallet.
   */
  planned?: boolean;
}

/** Adds `delta` to balance and available of one checked item; a net debit also needs `available >= -delta`. */
function legStep(leg: Leg): TransactionStep {
  if (leg.open) return openStep(leg, leg.open);
  if (leg.system) {
    // A system asset's shard is made by its first transfer: the update writes what `assetShard.item` would.
    return {
      item: {
        Update: {
          TableName: table(),
          Key: leg.key,
          UpdateExpression:
            'ADD balance :delta, available :delta SET currency = if_not_exists(currency, :currency), ' +
            '#status = if_not_exists(#status, :active), ' +
            'assetId = :assetId, #shard = :shard, #entity = :entity, #v = :v',
          ConditionExpression: 'attribute_not_exists(currency) OR currency = :currency',
          ExpressionAttributeNames: { '#status': 'status', '#shard': 'shard', '#entity': 'entity', '#v': 'v' },
          ExpressionAttributeValues: {
            ':delta': toDynamoNumber(leg.delta),
            ':currency': leg.currency,
            ':active': 'active',
            ':assetId': leg.assetId,
            ':shard': leg.shard,
            ':entity': assetShard.type,
            ':v': assetShard.version,
          },
        },
      },
      onConditionFailed: () => businessRule(DEFAULT_RULE_CODES.currency),
    };
  }
  const g = guard(leg.currency, leg.liveness);
  const debit = leg.delta < 0n;
  return {
    item: {
      Update: {
        TableName: table(),
        Key: leg.key,
        UpdateExpression: 'ADD balance :delta, available :delta',
        ConditionExpression: debit ? `${g.condition} AND available >= :needed` : g.condition,
        ExpressionAttributeNames: g.names,
        ExpressionAttributeValues: {
          ...g.values,
          ':delta': toDynamoNumber(leg.delta),
          ...(debit ? { ':needed': toDynamoNumber(-leg.delta) } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: ruleError(leg.codes, {
      currency: leg.currency,
      liveness: leg.liveness,
      ...(debit && !leg.planned ? { amount: -leg.delta } : {}),
    }),
  };
}

/** Attributes of an opened asset that only the engine writes. */
const ENGINE_ATTRIBUTES = new Set(['PK', 'SK', 'balance', 'pending', 'available']);

/** Credits an asset the transfer opens: its base item is created, on condition it does not exist yet. */
function openStep(leg: Leg, open: Record<string, unknown>): TransactionStep {
  if (leg.delta <= 0n) throw new Error('an opened asset can only be credited');
  const fields = Object.entries(open).filter(([name, value]) => !ENGINE_ATTRIBUTES.has(name) && value !== undefined);
  const setFields = fields.map((_, i) => `#o${i} = :o${i}`).join(', ');
  return {
    item: {
      Update: {
        TableName: table(),
        Key: leg.key,
        UpdateExpression: `SET ${setFields}, pending = :zero ADD balance :delta, available :delta`,
        ConditionExpression: 'attribute_not_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#o${i}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(fields.map(([, value], i) => [`:o${i}`, value])),
          ':delta': toDynamoNumber(leg.delta),
          ':zero': 0,
        },
      },
    },
    onConditionFailed: () => new DuplicateTransferError(leg.assetId),
  };
}

/** Distinct shards for the credits of one transaction, starting at a random one. */
function shardPicker() {
  const next = new Map<string, number>();
  return (assetId: string, shards: number) => {
    const n = next.get(assetId) ?? randomInt(shards);
    next.set(assetId, (n + 1) % shards);
    return n;
  };
}

/**
 * The debit legs of a hot asset: the shards that hold the money, largest first, each conditional
 * on its own balance. What the shards cannot cover together is the insufficient rule, decided
 * from the read; any later race fails a shard's condition and the caller retries.
 */
async function shardDebits(
  side: Extract<AssetSide, { mode: 'sharded' }>,
  amount: Amount,
  spec: TransferSpec,
): Promise<Leg[]> {
  const { items } = await readBalanceItems(side.assetId);
  const shards = items.filter((i) => i.key.SK.startsWith('SHARD#'));
  const codes = { ...DEFAULT_RULE_CODES, ...spec.debitCodes };
  const rule = brokenRule(shards.length ? { ...shards[0] } : undefined, {
    currency: spec.currency,
    liveness: spec.liveness,
  });
  if (rule) throw businessRule(codes[rule]);
  if (totals(shards).available < amount) throw businessRule(codes.insufficient);
  const legs: Leg[] = [];
  let left = amount;
  for (const shard of [...shards].sort((a, b) =>
    b.available > a.available ? 1 : b.available < a.available ? -1 : 0,
  )) {
    if (left === 0n) break;
    // biome-ignore lint/complexity/useMathMinMax: bigint amounts, which Math.min does not take
    const portion = shard.available < left ? shard.available : left;
    if (portion <= 0n) continue;
    left -= portion;
    legs.push({
      key: shard.key,
      delta: -portion,
      system: false,
      assetId: side.assetId,
      currency: spec.currency,
      liveness: spec.liveness,
      codes: spec.debitCodes,
      planned: true,
    });
  }
  return legs;
}

/** The legs of crediting (or, for single and system sides, debiting) one side. */
function sideLegs(
  side: AssetSide,
  delta: Amount,
  spec: TransferSpec,
  codes: Partial<RuleCodes> | undefined,
  pick: ReturnType<typeof shardPicker>,
): Leg {
  const common = { delta, assetId: side.assetId, currency: spec.currency, liveness: spec.liveness, codes };
  const onShard = (shard: number) => ({ key: assetShard.key(side.assetId, shard), shard });
  switch (side.mode) {
    case 'single':
      return { ...common, key: assetBalance.key(side.assetId), system: false };
    case 'sharded':
      return { ...common, ...onShard(pick(side.assetId, side.shards)), system: false };
    case 'system':
      return { ...common, ...onShard(pick(side.assetId, SYSTEM_ASSET_SHARDS)), system: true, liveness: undefined };
  }
}

/** Merges legs on the same item (DynamoDB allows one operation per item in a transaction). */
function mergeLegs(legs: Leg[]): Leg[] {
  const merged = new Map<string, Leg>();
  for (const leg of legs) {
    const id = itemId(leg.key);
    const seen = merged.get(id);
    // A net debit is judged by the debit's codes.
    merged.set(id, seen ? { ...seen, delta: seen.delta + leg.delta, codes: (leg.delta < 0n ? leg : seen).codes } : leg);
  }
  return [...merged.values()].filter((leg) => leg.delta !== 0n);
}

/** The immutable record of a posted transfer: both sides in one item (TigerBeetle's model), its references beside. */
function transferStep(transferId: string, spec: TransferSpec, amount: Amount, at: string): TransactionStep {
  return {
    item: {
      Put: {
        TableName: table(),
        Item: postedTransferEntity.item(
          {
            txnId: transferId,
            kind: spec.kind,
            debitAssetId: spec.debit.assetId,
            creditAssetId: spec.credit.assetId,
            amount: formatAmount(amount),
            currency: spec.currency,
            createdAt: at,
            ...spec.receipt,
          },
          spec.refs ?? {},
        ),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    onConditionFailed: () => new DuplicateTransferError(transferId),
  };
}

function assertValid(spec: TransferSpec): void {
  if (spec.amount <= 0n) throw new Error('a transfer moves a positive amount');
  if (spec.debit.assetId === spec.credit.assetId) throw businessRule(DEFAULT_RULE_CODES.currency);
}

/**
 * Posted (single-phase) transfers that commit together, as the steps of the caller's transaction:
 * balance changes merged per item (debits of a hot asset planned over its shards for their sum),
 * then one record per transfer.
 */
export async function postedTransfers(specs: readonly TransferSpec[], at: string): Promise<TransactionStep[]> {
  specs.forEach(assertValid);
  const pick = shardPicker();
  const legs: Leg[] = [];
  const hotDebits = new Map<
    string,
    { side: Extract<AssetSide, { mode: 'sharded' }>; amount: Amount; spec: TransferSpec }
  >();
  for (const spec of specs) {
    if (spec.debit.mode === 'sharded') {
      const seen = hotDebits.get(spec.debit.assetId);
      hotDebits.set(spec.debit.assetId, {
        side: spec.debit,
        amount: (seen?.amount ?? 0n) + spec.amount,
        spec: seen?.spec ?? spec,
      });
    } else {
      legs.push(sideLegs(spec.debit, -spec.amount, spec, spec.debitCodes, pick));
    }
    legs.push({
      ...sideLegs(spec.credit, spec.amount, spec, spec.creditCodes, pick),
      ...(spec.openCredit ? { open: spec.openCredit } : {}),
    });
  }
  for (const { side, amount, spec } of hotDebits.values()) legs.push(...(await shardDebits(side, amount, spec)));
  const counts = withCounts(
    mergeLegs(legs).map((leg) => ({ key: leg.key, step: legStep(leg) })),
    await countedPlan(specs),
  );
  return [...counts.balances, ...specs.map((spec) => transferStep(spec.id, spec, spec.amount, at)), ...counts.counters];
}

/**
 * The quota counts of the transfers. A spend from a wallet holding its account's counter (core/ledger/quotas.ts) is
 * counted on that wallet's base item, read as the spend's own read of it left it (the request's read cache: no
 * second round trip). A wallet read holding none never comes to hold one; one that no longer does fails the count's
 * condition, a conflict to re-read.
 */
async function countedPlan(specs: readonly TransferSpec[]): Promise<QuotaPlan> {
  const counted = await Promise.all(
    specs.flatMap((spec): Promise<{ usage: QuotaUsage; amount: Amount }>[] => {
      const quota = spec.quota;
      if (!quota) return [];
      const debit = spec.debit;
      if (quota.type !== 'spend' || debit.mode !== 'single')
        return [Promise.resolve({ usage: quota, amount: spec.amount })];
      return [
        readBalanceItems(debit.assetId).then(({ base }) => ({
          usage: { ...quota, onWallet: counterOnWallet(base) },
          amount: spec.amount,
        })),
      ];
    }),
  );
  return quotaPlan(counted);
}

/**
 * The balance steps with each count on a wallet added to that wallet's update (the debit it counts: the wallet was
 * read as the debited one), then the counter items' steps. A merged step judges its balance rule first, and the
 * counters come after the balances: a transaction that breaks a balance rule and a quota answers the balance rule
 * (the first failed step decides).
 */
function withCounts(balances: { key: { PK: string; SK: string }; step: TransactionStep }[], plan: QuotaPlan) {
  const clauses = new Map(plan.clauses.map((clause) => [itemId(clause.key), clause]));
  const counted = balances.map(({ key, step }) => {
    const clause = clauses.get(itemId(key));
    clauses.delete(itemId(key));
    return clause ? countedOn(step, clause) : step;
  });
  if (clauses.size) throw new Error('a count on a wallet the transfer does not debit');
  return { balances: counted, counters: plan.steps };
}

/** One posted transfer. */
export const postedTransfer = (spec: TransferSpec, at: string) => postedTransfers([spec], at);

/**
 * A two-phase transfer's first phase: `amount` is reserved on the payer's own (single-item) asset
 * (`available` falls, `pending` rises, `balance` stays) and the transfer is recorded as pending.
 * Its quota, if any, counts the whole amount now: posting or voiding it later changes no usage.
 */
export async function pendingTransfer(spec: TransferSpec, at: string): Promise<TransactionStep[]> {
  assertValid(spec);
  if (spec.debit.mode !== 'single') throw new Error('a pending transfer reserves on a single-item asset');
  const g = guard(spec.currency, spec.liveness);
  const transfer: PendingTransfer = {
    id: spec.id,
    status: 'pending',
    kind: spec.kind,
    debit: spec.debit,
    credit: spec.credit,
    amount: formatAmount(spec.amount),
    remaining: formatAmount(spec.amount),
    currency: spec.currency,
    ...(spec.liveness ? { liveness: spec.liveness } : {}),
    ...(spec.refs ? { refs: spec.refs } : {}),
    createdAt: at,
  };
  const reserve: TransactionStep = {
    item: {
      Update: {
        TableName: table(),
        Key: assetBalance.key(spec.debit.assetId),
        UpdateExpression: 'ADD pending :amount, available :negative',
        ConditionExpression: `${g.condition} AND available >= :amount`,
        ExpressionAttributeNames: g.names,
        ExpressionAttributeValues: {
          ...g.values,
          ':amount': toDynamoNumber(spec.amount),
          ':negative': toDynamoNumber(-spec.amount),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: ruleError(spec.debitCodes, {
      currency: spec.currency,
      liveness: spec.liveness,
      amount: spec.amount,
    }),
  };
  const record: TransactionStep = {
    item: {
      Put: {
        TableName: table(),
        Item: pendingTransferEntity.item(transfer),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    onConditionFailed: () => new DuplicateTransferError(spec.id),
  };
  const counts = withCounts([{ key: assetBalance.key(spec.debit.assetId), step: reserve }], await countedPlan([spec]));
  return [...counts.balances, record, ...counts.counters];
}

/**
 * The pending transfer's record, conditional on it being pending and holding exactly `remaining`:
 * what the caller's own record says it holds. The caller decided the amount from that record, read
 * apart from the pending transfer; if another post or void committed between the two reads, this
 * condition fails and the caller re-reads (a conflict), so no post ever takes more than is reserved.
 */
function settleRecord(
  transferId: string,
  remaining: Amount,
  take: Amount,
  next: PendingTransfer['status'],
  at: string,
): TransactionStep {
  return {
    item: {
      Update: {
        TableName: table(),
        Key: pendingTransferEntity.key(transferId),
        UpdateExpression: 'SET remaining = :left, #status = :next, updatedAt = :at',
        ConditionExpression: '#status = :pending AND remaining = :remaining',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':left': formatAmount(remaining - take),
          ':next': next,
          ':at': at,
          ':pending': 'pending',
          ':remaining': formatAmount(remaining),
        },
      },
    },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

/** Releases part of a reservation on the payer's asset; `spent` of it also leaves the balance. */
function unreserve(transfer: PendingTransfer, released: Amount, spent: Amount): TransactionStep {
  return {
    item: {
      Update: {
        TableName: table(),
        Key: assetBalance.key(transfer.debit.assetId),
        UpdateExpression: 'ADD pending :unpend, available :back, balance :spent',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':unpend': toDynamoNumber(-released),
          ':back': toDynamoNumber(released - spent),
          ':spent': toDynamoNumber(-spent),
        },
      },
    },
  };
}

/**
 * Posts `amount` of a pending transfer (a part or all of what remains) under its own derived id:
 * the reserved money leaves the payer's balance and reaches the credited side. The transfer stays
 * pending while some remains. `remaining` is what the caller's own record, read with the decision
 * of `amount`, says the transfer still reserves (an asset transfer's `remainingValue`, a pre-auth's
 * unconfirmed amount, a withdrawal's amount); `transfer` is read only for what never changes (sides,
 * kind, currency, references), and the stored transfer must still hold `remaining` when the
 * transaction commits (settleRecord). `to` names the credited side when it is decided only at
 * posting (an asset transfer claimed by whoever claims it), optionally an asset the post opens.
 */
export function postPending(
  transfer: PendingTransfer,
  post: { id: string; amount: Amount; remaining: Amount },
  at: string,
  to: { credit: AssetSide; open?: Record<string, unknown> } = { credit: transfer.credit },
): TransactionStep[] {
  const { id, amount, remaining } = post;
  // The caller's own arithmetic on one record: past it is a bug in the caller, not a race.
  if (amount <= 0n || amount > remaining) throw new Error('post exceeds what the caller says remains');
  const spec: TransferSpec = {
    id,
    kind: transfer.kind,
    debit: transfer.debit,
    credit: to.credit,
    amount,
    currency: transfer.currency,
    refs: transfer.refs,
  };
  assertValid(spec);
  return [
    settleRecord(transfer.id, remaining, amount, amount === remaining ? 'posted' : 'pending', at),
    unreserve(transfer, amount, amount),
    legStep({
      ...sideLegs(to.credit, amount, spec, spec.creditCodes, shardPicker()),
      ...(to.open ? { open: to.open } : {}),
    }),
    transferStep(id, spec, amount, at),
  ];
}

/**
 * Voids what remains of a pending transfer, `remaining` as the caller's own record says (see
 * postPending): the reservation goes back to the payer's available balance.
 */
export function voidPending(transfer: PendingTransfer, remaining: Amount, at: string): TransactionStep[] {
  if (remaining <= 0n) throw new Error('nothing remains to void');
  return [settleRecord(transfer.id, remaining, remaining, 'voided', at), unreserve(transfer, remaining, 0n)];
}

/** The platform's issuance asset for test money of one currency: the counterpart of every test top-up. */
export const testIssuanceAsset = (currency: string): AssetSide => ({
  assetId: `system-test-issuance-${currency.toLowerCase()}`,
  mode: 'system',
});

export async function findPendingTransfer(id: string): Promise<PendingTransfer | undefined> {
  const item = await readLedgerItem(pendingTransferEntity.key(id));
  if (!item) return undefined;
  const transfer = pendingTransferEntity.parse(item);
  // The ledger client reads numbers as NumberValue; a side's shard count is a plain number.
  const side = (s: AssetSide): AssetSide => (s.mode === 'sharded' ? { ...s, shards: Number(String(s.shards)) } : s);
  return { ...transfer, debit: side(transfer.debit), credit: side(transfer.credit) };
}

/**
 * The pending transfer a record holds (a withdrawal, an asset transfer), read apart from the record:
 * only its fixed fields are used. What it still holds is the record's own amount, as read with the
 * decision to post or void, and the engine makes the stored pending transfer agree when the
 * transaction commits; a read on either side of another commit is then a conflict, retried. A
 * record that names none, or one that is gone, breaks an invariant: never a client's error.
 */
export async function heldTransfer(holder: string, id: string | undefined): Promise<PendingTransfer> {
  const pending = id ? await findPendingTransfer(id) : undefined;
  if (!pending) throw new Error(`${holder} has no pending transfer`);
  return pending;
}

/** Sets an asset's status on every balance item its transfers check (base and shards), together. */
export async function setAssetStatus(assetId: string, status: string): Promise<void> {
  const { items } = await readBalanceItems(assetId);
  await runTransaction(
    items.map((item) => ({
      item: {
        Update: {
          TableName: table(),
          Key: item.key,
          UpdateExpression: 'SET #status = :status',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
        },
      },
    })),
  );
}

/** What a transfer was for, posted or still pending: its kind and the references it carries. */
export async function findTransferRefs(
  id: string,
): Promise<({ kind: TransferKind } & Partial<Record<string, string>>) | undefined> {
  const posted = await readLedgerItem(postedTransferEntity.key(id));
  if (posted) {
    const record = postedTransferEntity.parse(posted);
    return { ...transferRefs(record), kind: record.kind };
  }
  // Posted before transfers were one record (version 1): its debit entry carries the same.
  const entry = await readLedgerItem(legacyLedgerEntry.key(id, 'D'));
  if (entry) return legacyLedgerEntry.parse(entry);
  const pending = await findPendingTransfer(id);
  return pending && { kind: pending.kind, ...(pending.refs ?? {}) };
}
