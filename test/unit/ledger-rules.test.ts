import { NumberValueImpl as NumberValue } from '@aws-sdk/util-dynamodb';
import { db } from '../../functions/core/db/client';
import { TransactionConflictError, type TransactionStep } from '../../functions/core/db/transaction';
import {
  assetBalance,
  assetShard,
  legacyLedgerEntry,
  postedTransferEntity,
  pendingTransferEntity,
  type PendingTransfer,
} from '../../functions/core/ledger/entities';
import { ledgerDb } from '../../functions/core/ledger/ledger-db';
import { itemReadsThroughDocumentClient } from '../support/item-reads';
import {
  accountQuotas,
  counterOffWallet,
  counterOnNewWallet,
  counterOnWallet,
  DEFAULT_QUOTA_LIMITS,
  intervalsOf,
  MAX_QUOTA_LIMITS,
  QUOTA_PERIODS,
  QUOTA_TYPES,
  quotaCounterEntity,
  quotaLimitsEntity,
  quotaSteps,
  readQuotaLimits,
  staleOnWallet,
  writeQuotaLimits,
  type QuotaUsage,
} from '../../functions/core/ledger/quotas';
import {
  brokenRule,
  DEFAULT_RULE_CODES,
  DuplicateTransferError,
  findPendingTransfer,
  findTransferRefs,
  HOT_ASSET_SHARDS,
  pendingTransfer,
  postedTransfer,
  postedTransfers,
  postPending,
  readBalanceItems,
  setAssetStatus,
  shardItems,
  SYSTEM_ASSET_SHARDS,
  testIssuanceAsset,
  totals,
  voidPending,
  ZERO_BALANCE,
  type TransferSpec,
} from '../../functions/core/ledger/transfers';
import {
  formatAmount,
  MAX_PAYMENT_AMOUNT,
  monetary,
  parseAmount,
  parsePositiveAmount,
} from '../../functions/core/money';

/**
 * The money rules on their own (functions/core/money.ts, ledger/quotas.ts, ledger/transfers.ts): the
 * DynamoDB steps each movement and quota count is made of, and how a failed condition is decoded.
 * DynamoDB is not reached: the clients' `send` answers from `reads` (Get, Query) and records writes.
 * The API tests (test/api/money-engine, quotas, pre-auth…) run the same steps against DynamoDB Local.
 */

const N = (n: number | string) => NumberValue.from(String(n));
const TABLE = 'payments';
const AT = '2026-03-15T10:00:00.000Z';

/** A command as the tests read it: its class name and the input the code gave it. */
type Sent = { name: string; input: { Key?: { PK: string }; TransactItems?: unknown[]; [field: string]: unknown } };
let sent: Sent[];
let reads: (command: Sent) => unknown;
beforeEach(() => {
  sent = [];
  reads = () => ({});
  for (const client of [ledgerDb(), db()]) {
    jest.spyOn(client, 'send').mockImplementation((async (command: {
      constructor: { name: string };
      input: Sent['input'];
    }) => {
      const call = { name: command.constructor.name, input: command.input };
      sent.push(call);
      return reads(call);
    }) as never);
  }
  itemReadsThroughDocumentClient();
});
afterEach(() => jest.restoreAllMocks());

/** The sort-key prefix a Query was sent with. */
const prefixOf = (c: Sent) => (c.input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':prefix'];

/** The decoded failure of a step for the item as it was. */
const failure = (step: TransactionStep, old?: Record<string, unknown>) => {
  const error = step.onConditionFailed!(old) as Error & { statusCode?: number; extra?: unknown };
  return error instanceof TransactionConflictError
    ? 'conflict'
    : error instanceof DuplicateTransferError
      ? `duplicate: ${error.message}`
      : { code: error.message, ...(error.extra && Object.keys(error.extra).length ? { extra: error.extra } : {}) };
};

describe('money (core/money.ts)', () => {
  it('parses integer strings of the smallest unit only, naming the field', () => {
    expect(parseAmount('value.amount', '0')).toBe(0n);
    expect(parseAmount('value.amount', '1234567890123456789012345678901')).toBe(1234567890123456789012345678901n);
    for (const bad of ['', '01', '-1', '1.5', ' 1', '1 ', '12345678901234567890123456789012', 'x1'])
      expect(() => parseAmount('value.amount', bad)).toThrow(
        'value.amount must be an integer amount in the smallest currency unit',
      );
  });

  it('a positive amount is above 0 and below the maximum (the payment maximum unless another is given)', () => {
    expect(MAX_PAYMENT_AMOUNT).toBe(100_000_000n);
    expect(parsePositiveAmount('amount', '1')).toBe(1n);
    expect(parsePositiveAmount('amount', '99999999')).toBe(99_999_999n);
    expect(() => parsePositiveAmount('amount', '0')).toThrow('amount must be greater than 0');
    expect(() => parsePositiveAmount('amount', '100000000')).toThrow('amount must be less than 100000000');
    expect(() => parsePositiveAmount('amount', '-1')).toThrow('amount must be an integer amount');
    expect(parsePositiveAmount('amount', '100000000', 100_000_001n)).toBe(100_000_000n);
    expect(() => parsePositiveAmount('amount', '10', 10n)).toThrow('amount must be less than 10');
    let error: unknown;
    try {
      parsePositiveAmount('amount', '0');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ statusCode: 400 });
  });

  it('formats amounts as integer strings, money as {currency, amount}', () => {
    expect(formatAmount(1250n)).toBe('1250');
    expect(monetary('NZD', 5n)).toEqual({ currency: 'NZD', amount: '5' });
  });
});

describe('quotas (core/ledger/quotas.ts)', () => {
  const usage: QuotaUsage = { type: 'spend', accountId: 'acc', assetType: 'svc.nzd.test', at: AT };
  const limitsItem = (limits: { type: string; period: string; assetType: string; limit: string }[]) =>
    quotaLimitsEntity.item({ accountId: 'acc', limits: limits as never, updatedAt: AT, updatedBy: 'crn::op' });
  const counterItem = (quotaType: string, assetType: string, usage: Record<string, number>) =>
    quotaCounterEntity.item({
      accountId: 'acc',
      quotaType: quotaType as never,
      assetType,
      year: '2026',
      ...Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, N(v)])),
    });

  it(
    'types, periods, default limits (NZD 50,000.00 a month, 200,000.00 a year) and the most limits an account ' +
      'holds',
    () => {
      expect(QUOTA_TYPES).toEqual(['spend', 'topup']);
      expect(QUOTA_PERIODS).toEqual(['monthly', 'yearly']);
      expect(DEFAULT_QUOTA_LIMITS).toEqual({ monthly: 5_000_000n, yearly: 20_000_000n });
      expect(MAX_QUOTA_LIMITS).toBe(20);
    },
  );

  it('intervalsOf: the UTC month and year of a clock reading, and the month’s attribute', () => {
    expect(intervalsOf(AT)).toEqual({ monthly: '2026-03', yearly: '2026', monthAttribute: 'm03' });
    expect(intervalsOf('2027-12-31T23:59:59.999Z')).toEqual({
      monthly: '2027-12',
      yearly: '2027',
      monthAttribute: 'm12',
    });
  });

  it('reads an account’s own limits consistently; none stored is undefined', async () => {
    expect(await readQuotaLimits('acc')).toBeUndefined();
    expect(sent).toEqual([
      { name: 'GetCommand', input: { TableName: TABLE, Key: { PK: 'QUOTA#acc', SK: 'LIMITS' }, ConsistentRead: true } },
    ]);
    const stored = limitsItem([{ type: 'spend', period: 'monthly', assetType: 'svc.nzd.test', limit: '100' }]);
    reads = () => ({ Item: stored });
    expect(await readQuotaLimits('acc')).toEqual(quotaLimitsEntity.parse(stored));
  });

  it('writes limits from allow-listed fields only', async () => {
    await writeQuotaLimits(
      'acc',
      [{ type: 'spend', period: 'yearly', assetType: 'svc.nzd.test', limit: '9', extra: 'x' } as never],
      'crn::op',
      AT,
    );
    expect(sent).toEqual([
      {
        name: 'PutCommand',
        input: {
          TableName: TABLE,
          Item: limitsItem([{ type: 'spend', period: 'yearly', assetType: 'svc.nzd.test', limit: '9' }]),
        },
      },
    ]);
  });

  it(
    'accountQuotas: every type and period of each asset type, own limits over the defaults, usage of this month ' +
      'and year',
    async () => {
      reads = (c) =>
        c.name === 'GetCommand'
          ? {
              Item: limitsItem([
                { type: 'spend', period: 'yearly', assetType: 'a', limit: '700' },
                { type: 'topup', period: 'monthly', assetType: 'b', limit: '5' },
              ]),
            }
          : prefixOf(c) === 'USAGE#2026#'
            ? {
                Items: [
                  counterItem('spend', 'a', { yearly: 300, m03: 120, m02: 180 }),
                  counterItem('topup', 'b', { yearly: 4 }),
                ],
              }
            : { Items: [] };
      const q = (type: string, period: string, assetType: string, limit: string, used: string) => ({
        limit,
        interval: period === 'monthly' ? '2026-03' : '2026',
        period,
        usage: used,
        type,
        assetType,
      });
      expect(await accountQuotas('acc', ['a', 'b'], AT)).toEqual([
        q('spend', 'monthly', 'a', '5000000', '120'),
        q('spend', 'yearly', 'a', '700', '300'),
        q('topup', 'monthly', 'a', '5000000', '0'),
        q('topup', 'yearly', 'a', '20000000', '0'),
        q('spend', 'monthly', 'b', '5000000', '0'),
        q('spend', 'yearly', 'b', '20000000', '0'),
        q('topup', 'monthly', 'b', '5', '0'),
        q('topup', 'yearly', 'b', '20000000', '4'),
      ]);
      expect(sent.find((c) => c.name === 'QueryCommand')?.input).toEqual({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': 'QUOTA#acc', ':prefix': 'USAGE#2026#' },
        ConsistentRead: true,
      });
      reads = () => ({});
      expect((await accountQuotas('acc', ['a'], AT)).map((x) => x.usage)).toEqual(['0', '0', '0', '0']);
    },
  );

  it(
    'a spend from the wallet holding the counter counts in its debit: one update of the item, judged by its balance ' +
      'first, then by the count (the mark gone: a conflict); names before the previous month removed',
    async () => {
      const base = {
        ...assetBalance.item({ id: 'w1', status: 'active', currency: 'NZD', balance: N(1000) }),
        available: N(1000),
        quotaSpend: N(10),
        quotaSpend2026m01: N(4),
        quotaSpend2026m02: N(6),
        quotaSpend2026: N(10),
      };
      reads = (c) => (c.name === 'QueryCommand' ? { Items: [base] } : {});
      const steps = await postedTransfer(
        {
          id: 't1',
          kind: 'payment',
          debit: { assetId: 'w1', mode: 'single' },
          credit: { assetId: 'm1', mode: 'single' },
          amount: 400n,
          currency: 'NZD',
          quota: usage,
        },
        AT,
      );
      // No counter item: the debit, the credit and the transfer's record.
      expect(steps.map((step) => step.item.Update?.Key ?? step.item.Put?.Item?.PK)).toEqual([
        { PK: 'ASSET#w1', SK: 'ASSET' },
        { PK: 'ASSET#m1', SK: 'ASSET' },
        'LEDGER#t1',
      ]);
      const debit = steps[0];
      expect(debit.item.Update).toMatchObject({
        UpdateExpression:
          'ADD balance :delta, available :delta, #qMark :qAmount, #qYear :qAmount, #qMonth :qAmount REMOVE #qStale0',
        ExpressionAttributeNames: {
          '#qMark': 'quotaSpend',
          '#qYear': 'quotaSpend2026',
          '#qMonth': 'quotaSpend2026m03',
          '#qStale0': 'quotaSpend2026m01',
        },
        ExpressionAttributeValues: { ':qYearRoom': N(20_000_000 - 400), ':qMonthRoom': N(5_000_000 - 400) },
      });
      expect(String(debit.item.Update?.ConditionExpression)).toContain(
        'available >= :needed AND attribute_exists(#qMark)',
      );
      expect(failure(debit, { ...base, available: N(100) })).toEqual({ code: 'INSUFFICIENT_ASSET_VALUE' });
      expect(failure(debit, { ...base, quotaSpend: undefined })).toBe('conflict');
      expect(failure(debit, { ...base, quotaSpend2026m03: N(4_999_700) })).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(failure(debit, base)).toBe('conflict');
    },
  );

  it('accountQuotas: spend counted on the wallet holding the counter, its own month and year only', async () => {
    const holder = { PK: 'QUOTA#acc', SK: 'SPENDWALLET#a', entity: 'quota-counter-holder', v: 1 };
    reads = (c) => {
      if (c.name === 'GetCommand')
        return (c.input.Key as { SK?: string } | undefined)?.SK === 'ASSET'
          ? { Item: { quotaSpend: N(90), quotaSpend2026: N(70), quotaSpend2026m03: N(30), quotaSpend2025m03: N(20) } }
          : {};
      return prefixOf(c) === 'SPENDWALLET#'
        ? { Items: [{ ...holder, accountId: 'acc', assetType: 'a', assetId: 'w1' }] }
        : { Items: [] };
    };
    expect((await accountQuotas('acc', ['a'], AT)).map((x) => [x.type, x.period, x.usage])).toEqual([
      ['spend', 'monthly', '30'],
      ['spend', 'yearly', '70'],
      ['topup', 'monthly', '0'],
      ['topup', 'yearly', '0'],
    ]);
    expect(sent.filter((c) => c.name === 'GetCommand').map((c) => c.input.Key)).toContainEqual({
      PK: 'ASSET#w1',
      SK: 'ASSET',
    });
  });

  it(
    'a counted amount is one conditional update of the year’s ' + 'counter: the room left in the year and in the month',
    async () => {
      reads = () => ({
        Item: limitsItem([
          { type: 'spend', period: 'monthly', assetType: 'svc.nzd.test', limit: '5000' },
          { type: 'spend', period: 'yearly', assetType: 'svc.nzd.test', limit: '1000' },
        ]),
      });
      const [step] = await quotaSteps([{ usage, amount: 400n }]);
      const record = quotaCounterEntity.item({
        accountId: 'acc',
        quotaType: 'spend',
        assetType: 'svc.nzd.test',
        year: '2026',
      });
      const set = Object.entries(record).filter(([name]) => name !== 'PK' && name !== 'SK');
      const setNames = set.map((_, i) => `#s${i} = :s${i}`).join(', ');
      expect(step.item).toEqual({
        Update: {
          TableName: TABLE,
          Key: { PK: 'QUOTA#acc', SK: 'USAGE#2026#spend#svc.nzd.test' },
          UpdateExpression: `SET ${setNames} ADD #yearly :amount, #month :amount`,
          ConditionExpression:
            '(attribute_not_exists(#yearly) OR #yearly <= :yearRoom) AND (attribute_not_exists(#month) OR #month ' +
            '<= :monthRoom)',
          ExpressionAttributeNames: {
            ...Object.fromEntries(set.map(([name], i) => [`#s${i}`, name])),
            '#yearly': 'yearly',
            '#month': 'm03',
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(set.map(([, value], i) => [`:s${i}`, value])),
            ':amount': N(400),
            ':yearRoom': N(600),
            ':monthRoom': N(4600),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      });
      expect(set.length).toBeGreaterThan(0);
      expect(sent).toEqual([
        {
          name: 'GetCommand',
          input: { TableName: TABLE, Key: { PK: 'QUOTA#acc', SK: 'LIMITS' }, ConsistentRead: true },
        },
      ]);
    },
  );

  it(
    'an amount above a limit on its own fails even where ' + 'nothing was counted yet (exactly the limit does not)',
    async () => {
      const [above] = await quotaSteps([{ usage, amount: 5_000_001n }]);
      expect(above.item.Update?.ConditionExpression).toBe(
        '(attribute_not_exists(#yearly) OR #yearly <= :yearRoom) AND #month <= :monthRoom',
      );
      const [exact] = await quotaSteps([{ usage, amount: 5_000_000n }]);
      expect(exact.item.Update?.ConditionExpression).toBe(
        '(attribute_not_exists(#yearly) OR #yearly <= :yearRoom) AND (attribute_not_exists(#month) OR #month <= ' +
          ':monthRoom)',
      );
      const [year] = await quotaSteps([{ usage, amount: 20_000_001n }]);
      expect(year.item.Update?.ConditionExpression).toBe('#yearly <= :yearRoom AND #month <= :monthRoom');
    },
  );

  it(
    'a failed condition answers QUOTA_EXCEEDED naming each quota passed and the usage it would reach; none passed ' +
      'is a race',
    async () => {
      reads = () => ({
        Item: limitsItem([
          { type: 'spend', period: 'monthly', assetType: 'svc.nzd.test', limit: '5000' },
          { type: 'spend', period: 'yearly', assetType: 'svc.nzd.test', limit: '1000' },
        ]),
      });
      const [step] = await quotaSteps([{ usage, amount: 400n }]);
      const quota = (period: string, interval: string, limit: string, used: string) => ({
        limit,
        interval,
        period,
        usage: used,
        type: 'spend',
        assetType: 'svc.nzd.test',
      });
      expect(failure(step, { yearly: N(601), m03: N(601) })).toEqual({
        code: 'QUOTA_EXCEEDED',
        extra: { quotas: [quota('yearly', '2026', '1000', '1001')] },
      });
      expect(failure(step, { yearly: N(4700), m03: N(4601) })).toEqual({
        code: 'QUOTA_EXCEEDED',
        extra: { quotas: [quota('monthly', '2026-03', '5000', '5001'), quota('yearly', '2026', '1000', '5100')] },
      });
      expect(failure(step, { yearly: N(600), m03: N(600) })).toBe('conflict');
      expect(failure(step, undefined)).toBe('conflict');
      const [alone] = await quotaSteps([{ usage, amount: 1001n }]);
      expect(failure(alone, undefined)).toEqual({
        code: 'QUOTA_EXCEEDED',
        extra: { quotas: [quota('yearly', '2026', '1000', '1001')] },
      });
    },
  );

  it('transfers counting on one counter are summed into one step; each account’s limits are read once', async () => {
    const other: QuotaUsage = { ...usage, accountId: 'other' };
    const topup: QuotaUsage = { ...usage, type: 'topup' };
    const steps = await quotaSteps([
      { usage, amount: 100n },
      { usage: { ...usage, at: '2026-04-01T00:00:00.000Z' }, amount: 50n },
      { usage: other, amount: 7n },
      { usage: topup, amount: 3n },
    ]);
    expect(
      steps.map((s) => [
        s.item.Update?.Key,
        s.item.Update?.ExpressionAttributeValues?.[':amount'],
        s.item.Update?.ExpressionAttributeNames?.['#month'],
      ]),
    ).toEqual([
      // The first transfer's month counts for both.
      [{ PK: 'QUOTA#acc', SK: 'USAGE#2026#spend#svc.nzd.test' }, N(150), 'm03'],
      [{ PK: 'QUOTA#other', SK: 'USAGE#2026#spend#svc.nzd.test' }, N(7), 'm03'],
      [{ PK: 'QUOTA#acc', SK: 'USAGE#2026#topup#svc.nzd.test' }, N(3), 'm03'],
    ]);
    expect(sent.map((c) => c.input.Key!.PK)).toEqual(['QUOTA#acc', 'QUOTA#other']);
    expect(await quotaSteps([])).toEqual([]);
  });

  it('limits of another type, period or asset type do not apply', async () => {
    reads = () => ({
      Item: limitsItem([
        { type: 'topup', period: 'monthly', assetType: 'svc.nzd.test', limit: '1' },
        { type: 'spend', period: 'yearly', assetType: 'svc.nzd.test', limit: '2' },
        { type: 'spend', period: 'monthly', assetType: 'other', limit: '3' },
      ]),
    });
    const [step] = await quotaSteps([{ usage, amount: 1n }]);
    expect(step.item.Update?.ExpressionAttributeValues).toMatchObject({
      ':yearRoom': N(1),
      ':monthRoom': N(4_999_999),
    });
  });
});

describe('transfers (core/ledger/transfers.ts)', () => {
  const single = (assetId: string) => ({ assetId, mode: 'single' as const });
  const spec = (more: Partial<TransferSpec> = {}): TransferSpec => ({
    id: 't1',
    kind: 'payment',
    debit: single('payer'),
    credit: single('payee'),
    amount: 300n,
    currency: 'NZD',
    ...more,
  });
  const guard = (liveness?: string) => ({
    condition:
      `attribute_exists(PK) AND #status = :active AND currency = :currency` +
      `${liveness ? ' AND liveness = :liveness' : ''}`,
    values: { ':active': 'active', ':currency': 'NZD', ...(liveness ? { ':liveness': liveness } : {}) },
  });
  const entries = (id: string, s: TransferSpec, amount = s.amount) => [
    {
      Put: {
        TableName: TABLE,
        Item: postedTransferEntity.item(
          {
            txnId: id,
            kind: s.kind,
            debitAssetId: s.debit.assetId,
            creditAssetId: s.credit.assetId,
            amount: String(amount),
            currency: s.currency,
            createdAt: AT,
          },
          s.refs ?? {},
        ),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
  const active = { status: 'active', currency: 'NZD', liveness: 'test', available: N(1000) };

  it('constants: rule codes, shard counts, a new asset’s zero balance, the test issuance asset', () => {
    expect(DEFAULT_RULE_CODES).toEqual({
      missing: 'INACTIVE_ASSET',
      inactive: 'INACTIVE_ASSET',
      currency: 'INVALID_ASSET_TYPE',
      liveness: 'LIVENESS_MISMATCH',
      insufficient: 'INSUFFICIENT_ASSET_VALUE',
    });
    expect([HOT_ASSET_SHARDS, SYSTEM_ASSET_SHARDS]).toEqual([8, 8]);
    expect(ZERO_BALANCE).toEqual({ balance: 0, pending: 0, available: 0 });
    expect(testIssuanceAsset('NZD')).toEqual({ assetId: 'system-test-issuance-nzd', mode: 'system' });
  });

  it('brokenRule: liveness only when expected, funds only when an amount is; exactly the amount is enough', () => {
    expect(brokenRule({ ...active, liveness: 'main' }, { currency: 'NZD' })).toBeUndefined();
    expect(brokenRule({ ...active, available: N(0) }, { currency: 'NZD', liveness: 'test' })).toBeUndefined();
    expect(brokenRule(active, { currency: 'NZD', amount: 1000n })).toBeUndefined();
    expect(brokenRule(active, { currency: 'NZD', amount: 1001n })).toBe('insufficient');
    expect(brokenRule({ ...active, available: undefined }, { currency: 'NZD', amount: 1n })).toBe('insufficient');
  });

  it('totals sums balance, pending and available; shardItems makes each shard of a hot asset at zero', () => {
    const item = (balance: bigint, pending: bigint) => ({
      key: { PK: 'p', SK: 's' },
      balance,
      pending,
      available: balance - pending,
    });
    expect(totals([item(10n, 3n), item(5n, 0n)])).toEqual({ balance: 15n, pending: 3n, available: 12n });
    expect(totals([])).toEqual({ balance: 0n, pending: 0n, available: 0n });
    const attributes = { status: 'active', currency: 'NZD', liveness: 'test' };
    expect(shardItems('hot', 2, attributes)).toEqual(
      [0, 1].map((shard) => assetShard.item({ assetId: 'hot', shard, ...attributes, ...ZERO_BALANCE })),
    );
  });

  it(
    'a posted transfer: the debit conditional on its guard ' + 'and funds, the credit on its guard, two entries',
    async () => {
      const s = spec({ liveness: 'test', refs: { paymentRequestId: 'pr1' } });
      const steps = await postedTransfer(s, AT);
      const g = guard('test');
      expect(steps.map((x) => x.item)).toEqual([
        {
          Update: {
            TableName: TABLE,
            Key: assetBalance.key('payer'),
            UpdateExpression: 'ADD balance :delta, available :delta',
            ConditionExpression: `${g.condition} AND available >= :needed`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...g.values, ':delta': N(-300), ':needed': N(300) },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          Update: {
            TableName: TABLE,
            Key: assetBalance.key('payee'),
            UpdateExpression: 'ADD balance :delta, available :delta',
            ConditionExpression: g.condition,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...g.values, ':delta': N(300) },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        ...entries('t1', s),
      ]);
      expect(sent).toEqual([]);
      // Decoded per side: the debit's funds, each side's status, currency and liveness; a race otherwise.
      const [debit, credit, entry] = steps;
      expect(failure(debit, { ...active, available: N(299) })).toEqual({ code: 'INSUFFICIENT_ASSET_VALUE' });
      expect(failure(debit, { ...active, available: N(300) })).toBe('conflict');
      expect(failure(credit, { ...active, available: N(0) })).toBe('conflict');
      expect(failure(credit, { ...active, liveness: 'main' })).toEqual({ code: 'LIVENESS_MISMATCH' });
      expect(failure(credit, undefined)).toEqual({ code: 'INACTIVE_ASSET' });
      expect(failure(entry)).toBe('duplicate: transfer t1 already exists');
    },
  );

  it('each side answers with its flow’s codes; without liveness none is checked', async () => {
    const [debit, credit] = await postedTransfer(
      spec({ debitCodes: { insufficient: 'REFUND_DECLINED' }, creditCodes: { inactive: 'ASSET_NOT_ACTIVE' } }),
      AT,
    );
    expect(debit.item.Update?.ConditionExpression).toBe(`${guard().condition} AND available >= :needed`);
    expect(debit.item.Update?.ExpressionAttributeValues).toEqual({
      ...guard().values,
      ':delta': N(-300),
      ':needed': N(300),
    });
    expect(failure(debit, { ...active, available: N(1) })).toEqual({ code: 'REFUND_DECLINED' });
    expect(failure(debit, { ...active, currency: 'AUD' })).toEqual({ code: 'INVALID_ASSET_TYPE' });
    expect(failure(credit, { ...active, status: 'closed' })).toEqual({ code: 'ASSET_NOT_ACTIVE' });
  });

  it('refuses a transfer of nothing, and one from an asset to itself', async () => {
    await expect(postedTransfer(spec({ amount: 0n }), AT)).rejects.toThrow('a transfer moves a positive amount');
    await expect(postedTransfer(spec({ amount: -1n }), AT)).rejects.toThrow('a transfer moves a positive amount');
    await expect(postedTransfer(spec({ credit: single('payer') }), AT)).rejects.toThrow('INVALID_ASSET_TYPE');
    await expect(pendingTransfer(spec({ amount: 0n }), AT)).rejects.toThrow('a transfer moves a positive amount');
  });

  it(
    'a system side is made by its first transfer on a ' + 'shard, may go negative, and checks only its currency',
    async () => {
      const s = spec({
        kind: 'test-topup',
        debit: testIssuanceAsset('NZD'),
        credit: single('wallet'),
        liveness: 'test',
      });
      const [system] = await postedTransfer(s, AT);
      const shard = Number(system.item.Update?.ExpressionAttributeValues?.[':shard']);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(SYSTEM_ASSET_SHARDS);
      expect(system.item).toEqual({
        Update: {
          TableName: TABLE,
          Key: assetShard.key('system-test-issuance-nzd', shard),
          UpdateExpression:
            'ADD balance :delta, available :delta SET currency = if_not_exists(currency, :currency), #status = ' +
            'if_not_exists(#status, :active), assetId = :assetId, #shard = :shard, #entity = :entity, #v = :v',
          ConditionExpression: 'attribute_not_exists(currency) OR currency = :currency',
          ExpressionAttributeNames: { '#status': 'status', '#shard': 'shard', '#entity': 'entity', '#v': 'v' },
          ExpressionAttributeValues: {
            ':delta': N(-300),
            ':currency': 'NZD',
            ':active': 'active',
            ':assetId': 'system-test-issuance-nzd',
            ':shard': shard,
            ':entity': assetShard.type,
            ':v': assetShard.version,
          },
        },
      });
      expect(failure(system, {})).toEqual({ code: 'INVALID_ASSET_TYPE' });
    },
  );

  it(
    'credits of one transaction to a hot asset land on ' + 'distinct shards; a credit opening an asset creates it',
    async () => {
      const hot = { assetId: 'hot', mode: 'sharded' as const, shards: 4 };
      const steps = await postedTransfers(
        [spec({ id: 'a', credit: hot }), spec({ id: 'b', debit: single('other'), credit: hot })],
        AT,
      );
      const shards = steps.filter((s) => s.item.Update?.Key?.PK === 'ASSET#hot').map((s) => s.item.Update!.Key!.SK);
      expect(shards).toHaveLength(2);
      expect(shards.every((sk) => /^SHARD#[0-3]$/.test(sk))).toBe(true);
      // A random first shard, then the next one round.
      const [first, second] = shards.map((sk) => Number(sk.slice('SHARD#'.length)));
      expect(second).toBe((first + 1) % 4);

      const opened = await postedTransfer(
        spec({
          kind: 'token-issue',
          credit: single('token'),
          openCredit: { id: 'token', status: 'active', balance: 99, skipped: undefined, currency: 'NZD' },
        }),
        AT,
      );
      expect(opened[1].item).toEqual({
        Update: {
          TableName: TABLE,
          Key: assetBalance.key('token'),
          UpdateExpression: 'SET #o0 = :o0, #o1 = :o1, #o2 = :o2, pending = :zero ADD balance :delta, available :delta',
          ConditionExpression: 'attribute_not_exists(PK)',
          ExpressionAttributeNames: { '#o0': 'id', '#o1': 'status', '#o2': 'currency' },
          ExpressionAttributeValues: { ':o0': 'token', ':o1': 'active', ':o2': 'NZD', ':delta': N(300), ':zero': 0 },
        },
      });
      expect(failure(opened[1])).toBe('duplicate: transfer token already exists');
    },
  );

  it('legs on one item merge (a net debit judged by the debit’s codes); a net zero leg is dropped', async () => {
    const steps = await postedTransfers(
      [
        spec({
          id: 'a',
          debit: single('x'),
          credit: single('y'),
          amount: 100n,
          creditCodes: { inactive: 'INVALID_MERCHANT_CONFIG' },
        }),
        spec({
          id: 'b',
          debit: single('y'),
          credit: single('z'),
          amount: 150n,
          debitCodes: { inactive: 'ALREADY_REFUNDED' },
        }),
      ],
      AT,
    );
    const y = steps.find((s) => s.item.Update?.Key?.PK === 'ASSET#y')!;
    expect(y.item.Update?.ExpressionAttributeValues?.[':delta']).toEqual(N(-50));
    expect(failure(y, { ...active, status: 'closed' })).toEqual({ code: 'ALREADY_REFUNDED' });
    const net = await postedTransfers(
      [
        spec({ id: 'a', debit: single('x'), credit: single('y'), amount: 100n }),
        spec({ id: 'b', debit: single('y'), credit: single('x'), amount: 100n }),
      ],
      AT,
    );
    expect(net.filter((s) => s.item.Update)).toEqual([]);
    expect(net).toHaveLength(2);
    const credited = await postedTransfers(
      [
        spec({
          id: 'a',
          debit: single('x'),
          credit: single('y'),
          amount: 100n,
          creditCodes: { inactive: 'INVALID_MERCHANT_CONFIG' },
        }),
        spec({ id: 'b', debit: single('w'), credit: single('y'), amount: 50n }),
      ],
      AT,
    );
    const y2 = credited.find((s) => s.item.Update?.Key?.PK === 'ASSET#y')!;
    expect(y2.item.Update?.ExpressionAttributeValues?.[':delta']).toEqual(N(150));
    expect(failure(y2, { ...active, status: 'closed' })).toEqual({ code: 'INVALID_MERCHANT_CONFIG' });
  });

  describe('a debit of a hot asset is planned over its shards as read', () => {
    const hot = { assetId: 'hot', mode: 'sharded' as const, shards: 3 };
    const shardRow = (shard: number, available: number, more: Record<string, unknown> = {}) =>
      assetShard.item({
        assetId: 'hot',
        shard,
        status: 'active',
        currency: 'NZD',
        liveness: 'test',
        balance: N(available),
        pending: N(0),
        available: N(available),
        ...more,
      });
    const base = assetBalance.item({ id: 'hot', status: 'active', currency: 'NZD', balance: 0 } as never);

    it(
      'largest shards first, each conditional on its own ' + 'portion; what was planned and is gone is a race',
      async () => {
        reads = () => ({ Items: [base, shardRow(0, 100), shardRow(1, 500), shardRow(2, 0)] });
        const steps = await postedTransfers(
          [
            spec({ id: 'a', debit: hot, amount: 400n, liveness: 'test' }),
            spec({ id: 'b', debit: hot, credit: single('other'), amount: 150n, liveness: 'test' }),
          ],
          AT,
        );
        const debits = steps.filter((s) => s.item.Update?.Key?.PK === 'ASSET#hot');
        expect(
          debits.map((s) => [
            s.item.Update!.Key!.SK,
            s.item.Update!.ExpressionAttributeValues![':delta'],
            s.item.Update!.ExpressionAttributeValues![':needed'],
          ]),
        ).toEqual([
          ['SHARD#1', N(-500), N(500)],
          ['SHARD#0', N(-50), N(50)],
        ]);
        expect(failure(debits[0], { ...active, available: N(10) })).toBe('conflict');
        expect(sent).toEqual([
          {
            name: 'QueryCommand',
            input: {
              TableName: TABLE,
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': 'ASSET#hot' },
              ConsistentRead: true,
            },
          },
        ]);
      },
    );

    it(
      'exactly what the shards hold together is enough; ' + 'more is the insufficient rule, decided from the read',
      async () => {
        reads = () => ({ Items: [shardRow(0, 100), shardRow(1, 200)] });
        expect(
          (await postedTransfer(spec({ debit: hot, amount: 300n }), AT)).filter(
            (s) => s.item.Update?.Key?.PK === 'ASSET#hot',
          ),
        ).toHaveLength(2);
        await expect(postedTransfer(spec({ debit: hot, amount: 301n }), AT)).rejects.toThrow(
          'INSUFFICIENT_ASSET_VALUE',
        );
        await expect(
          postedTransfer(
            spec({ debit: hot, amount: 301n, debitCodes: { insufficient: 'INSUFFICIENT_WALLET_BALANCE' } }),
            AT,
          ),
        ).rejects.toThrow('INSUFFICIENT_WALLET_BALANCE');
      },
    );

    it('a missing, inactive or mismatched asset answers its rule', async () => {
      reads = () => ({ Items: [base] });
      await expect(postedTransfer(spec({ debit: hot }), AT)).rejects.toThrow('INACTIVE_ASSET');
      reads = () => ({ Items: [shardRow(0, 900, { status: 'closed' })] });
      await expect(
        postedTransfer(spec({ debit: hot, debitCodes: { inactive: 'ASSET_NOT_ACTIVE' } }), AT),
      ).rejects.toThrow('ASSET_NOT_ACTIVE');
      reads = () => ({ Items: [shardRow(0, 900)] });
      await expect(postedTransfer(spec({ debit: hot, liveness: 'main' }), AT)).rejects.toThrow('LIVENESS_MISMATCH');
    });
  });

  it('a counted transfer adds its quota step after the balance steps and entries', async () => {
    const quota: QuotaUsage = { type: 'spend', accountId: 'acc', assetType: 'svc.nzd.test', at: AT };
    const steps = await postedTransfers(
      [spec({ quota }), spec({ id: 't2', debit: single('x'), credit: single('y') })],
      AT,
    );
    expect(steps).toHaveLength(7);
    expect(steps[6].item.Update?.Key).toEqual({ PK: 'QUOTA#acc', SK: 'USAGE#2026#spend#svc.nzd.test' });
    expect(steps[6].item.Update?.ExpressionAttributeValues?.[':amount']).toEqual(N(300));
  });

  describe('two-phase transfers', () => {
    const stored = (more: Partial<PendingTransfer> = {}): PendingTransfer => ({
      id: 'p1',
      status: 'pending',
      kind: 'asset-transfer',
      debit: single('payer'),
      credit: single('payee'),
      amount: '500',
      remaining: '500',
      currency: 'NZD',
      refs: { assetTransferId: 'at1' },
      createdAt: AT,
      ...more,
    });

    it(
      'reserves on the payer (available falls, pending rises) ' + 'on condition of its funds, and records the transfer',
      async () => {
        const s = spec({
          id: 'p1',
          kind: 'asset-transfer',
          amount: 500n,
          liveness: 'test',
          refs: { assetTransferId: 'at1' },
          quota: { type: 'spend', accountId: 'acc', assetType: 't', at: AT },
        });
        const steps = await pendingTransfer(s, AT);
        const g = guard('test');
        expect(steps.slice(0, 2).map((x) => x.item)).toEqual([
          {
            Update: {
              TableName: TABLE,
              Key: assetBalance.key('payer'),
              UpdateExpression: 'ADD pending :amount, available :negative',
              ConditionExpression: `${g.condition} AND available >= :amount`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ...g.values, ':amount': N(500), ':negative': N(-500) },
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          {
            Put: {
              TableName: TABLE,
              Item: pendingTransferEntity.item({ ...stored(), liveness: 'test' }),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ]);
        expect(steps[2].item.Update?.Key).toEqual({ PK: 'QUOTA#acc', SK: 'USAGE#2026#spend#t' });
        expect(steps).toHaveLength(3);
        expect(failure(steps[0], { ...active, available: N(499) })).toEqual({ code: 'INSUFFICIENT_ASSET_VALUE' });
        expect(failure(steps[0], { ...active, available: N(500) })).toBe('conflict');
        expect(failure(steps[1])).toBe('duplicate: transfer p1 already exists');
        const plain = await pendingTransfer(spec({ id: 'p1', kind: 'asset-transfer', amount: 500n }), AT);
        expect(plain[1].item.Put?.Item).toEqual(pendingTransferEntity.item(stored({ refs: undefined })));
        expect(plain).toHaveLength(2);
        await expect(pendingTransfer(spec({ debit: testIssuanceAsset('NZD') }), AT)).rejects.toThrow(
          'a pending transfer reserves on a single-item asset',
        );
      },
    );

    /** The pending transfer's record as a post or void settles it, conditional on what the caller says remains. */
    const settled = (left: string, next: string, remaining: string) => ({
      Update: {
        TableName: TABLE,
        Key: pendingTransferEntity.key('p1'),
        UpdateExpression: 'SET remaining = :left, #status = :next, updatedAt = :at',
        ConditionExpression: '#status = :pending AND remaining = :remaining',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':left': left,
          ':next': next,
          ':at': AT,
          ':pending': 'pending',
          ':remaining': remaining,
        },
      },
    });
    /** The payer's balance as a post or void releases its reservation. */
    const unreserved = (unpend: number, back: number, spent: number) => ({
      Update: {
        TableName: TABLE,
        Key: assetBalance.key('payer'),
        UpdateExpression: 'ADD pending :unpend, available :back, balance :spent',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':unpend': N(unpend), ':back': N(back), ':spent': N(spent) },
      },
    });

    it('posts part of it: what is taken leaves the balance and reaches the credit, the rest stays reserved', () => {
      const steps = postPending(stored(), { id: 'post1', amount: 200n, remaining: 500n }, AT);
      expect(steps.map((x) => x.item)).toEqual([
        settled('300', 'pending', '500'),
        unreserved(-200, 0, -200),
        {
          Update: {
            TableName: TABLE,
            Key: assetBalance.key('payee'),
            UpdateExpression: 'ADD balance :delta, available :delta',
            ConditionExpression: guard().condition,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...guard().values, ':delta': N(200) },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        ...entries('post1', { ...spec({ kind: 'asset-transfer', refs: { assetTransferId: 'at1' } }) }, 200n),
      ]);
      expect(failure(steps[0])).toBe('conflict');
      expect(steps[1].onConditionFailed).toBeUndefined();
    });

    it('posting all that remains posts it; to another credit, opening it', () => {
      const [record, , credit] = postPending(
        stored({ remaining: '200' }),
        { id: 'post2', amount: 200n, remaining: 200n },
        AT,
        { credit: single('claimant'), open: { id: 'claimant', status: 'active' } },
      );
      expect(record.item.Update?.ExpressionAttributeValues).toMatchObject({
        ':left': '0',
        ':next': 'posted',
        ':remaining': '200',
      });
      expect(credit.item.Update?.Key).toEqual(assetBalance.key('claimant'));
      expect(credit.item.Update?.ConditionExpression).toBe('attribute_not_exists(PK)');
      expect(
        postPending(stored(), { id: 'post3', amount: 500n, remaining: 500n }, AT)[0].item.Update
          ?.ExpressionAttributeValues?.[':next'],
      ).toBe('posted');
    });

    it(
      'never posts more than the caller says remains, or nothing; a transfer no longer pending or holding less ' +
        'fails its condition',
      () => {
        for (const amount of [501n, 0n])
          expect(() => postPending(stored(), { id: 'x', amount, remaining: 500n }, AT)).toThrow(
            'post exceeds what the caller says remains',
          );
        const [record] = postPending(stored(), { id: 'x', amount: 1n, remaining: 500n }, AT);
        expect(record.item.Update?.ConditionExpression).toBe('#status = :pending AND remaining = :remaining');
        expect(failure(record)).toBe('conflict');
        expect(() =>
          postPending(stored({ credit: single('payer') }), { id: 'x', amount: 1n, remaining: 500n }, AT, {
            credit: single('payer'),
          }),
        ).toThrow('INVALID_ASSET_TYPE');
      },
    );

    it('voids what remains: the reservation goes back to available; nothing remaining is not voided', () => {
      const steps = voidPending(stored({ remaining: '300' }), 300n, AT);
      expect(steps.map((x) => x.item)).toEqual([settled('0', 'voided', '300'), unreserved(-300, 300, 0)]);
      expect(() => voidPending(stored(), 0n, AT)).toThrow('nothing remains to void');
    });
  });

  describe('reads', () => {
    it('readBalanceItems: the base item, then the shards, each read as balance, pending and available', async () => {
      const base = assetBalance.item({
        id: 'w',
        status: 'active',
        currency: 'NZD',
        liveness: 'test',
        balance: N(10),
        pending: N(4),
        available: N(6),
      });
      const shard = assetShard.item({ assetId: 'w', shard: 2, status: 'active', currency: 'NZD', balance: N(5) });
      reads = () => ({ Items: [shard, base, { PK: 'ASSET#w', SK: 'OTHER' }] });
      const read = await readBalanceItems('w');
      expect(read.base).toBe(base);
      expect(read.items).toEqual([
        {
          key: assetBalance.key('w'),
          balance: 10n,
          pending: 4n,
          available: 6n,
          status: 'active',
          currency: 'NZD',
          liveness: 'test',
        },
        {
          key: assetShard.key('w', 2),
          balance: 5n,
          pending: 0n,
          available: 5n,
          status: 'active',
          currency: 'NZD',
          liveness: undefined,
        },
      ]);
      reads = () => ({});
      expect(await readBalanceItems('w')).toEqual({ base: undefined, items: [] });
    });

    it('findPendingTransfer: the stored transfer with plain shard counts; none is undefined', async () => {
      const transfer: PendingTransfer = {
        id: 'p1',
        status: 'pending',
        kind: 'withdrawal',
        debit: { assetId: 'hot', mode: 'sharded', shards: N(4) as never },
        credit: { assetId: 'bank', mode: 'sharded', shards: N(2) as never },
        amount: '5',
        remaining: '5',
        currency: 'NZD',
        createdAt: AT,
      };
      reads = () => ({ Item: pendingTransferEntity.item(transfer) });
      const found = await findPendingTransfer('p1');
      expect([found?.debit, found?.credit]).toEqual([
        { assetId: 'hot', mode: 'sharded', shards: 4 },
        { assetId: 'bank', mode: 'sharded', shards: 2 },
      ]);
      expect(sent[0].input).toEqual({ TableName: TABLE, Key: pendingTransferEntity.key('p1'), ConsistentRead: true });
      reads = () => ({ Item: pendingTransferEntity.item({ ...transfer, debit: single('w'), credit: single('v') }) });
      expect((await findPendingTransfer('p1'))?.debit).toEqual(single('w'));
      reads = () => ({});
      expect(await findPendingTransfer('p1')).toBeUndefined();
    });

    it(
      'findTransferRefs: the transfer’s kind and references, else a version 1 debit entry’s, else the pending ' +
        'transfer’s, else nothing',
      async () => {
        const record = postedTransferEntity.item(
          {
            txnId: 't',
            kind: 'payment',
            debitAssetId: 'a',
            creditAssetId: 'b',
            amount: '1',
            currency: 'NZD',
            createdAt: AT,
            requestHash: 'h',
            responsePK: 'PR#pr',
            responseSK: 'ACTIVITY#1',
          },
          { paymentRequestId: 'pr' },
        );
        reads = () => ({ Item: record });
        expect(await findTransferRefs('t')).toEqual({ kind: 'payment', paymentRequestId: 'pr' });
        expect(sent[0].input).toEqual({ TableName: TABLE, Key: postedTransferEntity.key('t'), ConsistentRead: true });
        const entry = legacyLedgerEntry.item(
          {
            txnId: 't',
            side: 'D',
            kind: 'payment',
            assetId: 'a',
            otherAssetId: 'b',
            amount: '1',
            currency: 'NZD',
            createdAt: AT,
          },
          { paymentRequestId: 'pr' },
        );
        reads = (c) => ((c.input.Key as unknown as { SK: string }).SK === 'ENTRY#D' ? { Item: entry } : {});
        expect(await findTransferRefs('t')).toMatchObject({ kind: 'payment', paymentRequestId: 'pr' });
        const pending = pendingTransferEntity.item({
          id: 't',
          status: 'pending',
          kind: 'withdrawal',
          debit: single('a'),
          credit: single('b'),
          amount: '1',
          remaining: '1',
          currency: 'NZD',
          refs: { fundsTransferId: 'ft' },
          createdAt: AT,
        });
        reads = (c) => (c.input.Key!.PK.startsWith('TRANSFER#') ? { Item: pending } : {});
        expect(await findTransferRefs('t')).toEqual({ kind: 'withdrawal', fundsTransferId: 'ft' });
        reads = (c) => (c.input.Key!.PK.startsWith('TRANSFER#') ? { Item: { ...pending, refs: undefined } } : {});
        expect(await findTransferRefs('t')).toEqual({ kind: 'withdrawal' });
        reads = () => ({});
        expect(await findTransferRefs('t')).toBeUndefined();
      },
    );

    it('setAssetStatus: every balance item of the asset, in one transaction', async () => {
      reads = (c) =>
        c.name === 'QueryCommand'
          ? {
              Items: [
                assetBalance.item({ id: 'w', status: 'active', currency: 'NZD', balance: 1 } as never),
                assetShard.item({ assetId: 'w', shard: 0, status: 'active', currency: 'NZD', balance: 0 }),
              ],
            }
          : {};
      await setAssetStatus('w', 'closed');
      const write = sent.find((c) => c.name === 'TransactWriteCommand');
      const update = (Key: unknown) => ({
        Update: {
          TableName: TABLE,
          Key,
          UpdateExpression: 'SET #status = :status',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': 'closed' },
        },
      });
      expect(write?.input.TransactItems).toEqual([update(assetBalance.key('w')), update(assetShard.key('w', 0))]);
    });
  });
});

describe('the spend counter on a wallet', () => {
  const key = { PK: 'ASSET#a', SK: 'ASSET#a' };
  // Counted 700 in all: 500 in 2026 (200 of it in December), 200 in 2025.
  const base = { ...key, quotaSpend: 700, quotaSpend2026: 500, quotaSpend2026m12: 200, quotaSpend2025: 200, v: 3 };
  const counterSet = (year: string) => ({
    names: { '#s0': 'accountId', '#s1': 'quotaType', '#s2': 'assetType', '#s3': 'year', '#s4': 'entity', '#s5': 'v' },
    values: { ':s0': 'acc', ':s1': 'spend', ':s2': 'svc.nzd.test', ':s3': year, ':s4': 'quota-counter', ':s5': 1 },
  });

  it('is read from a base item by its mark, with the period attributes it holds', () => {
    expect(counterOnWallet(base)).toEqual({
      key,
      periods: ['quotaSpend2026', 'quotaSpend2026m12', 'quotaSpend2025'],
    });
    expect(counterOnWallet({ ...key, quotaSpend2026: 5 })).toBeUndefined();
    expect(counterOnWallet(undefined)).toBeUndefined();
  });

  it('loses only the periods before the previous month and year, never a newer one', () => {
    const held = ['quotaSpend2025', 'quotaSpend2025m11', 'quotaSpend2025m12', 'quotaSpend2026', 'quotaSpend2026m01'];
    // A spend of the new year keeps December and 2025: one dated 31 December may still commit after it.
    expect(staleOnWallet(held, '2026-01-01T00:00:00.100Z')).toEqual(['quotaSpend2025m11']);
    // That late spend removes nothing of January's.
    expect(staleOnWallet(held, '2025-12-31T23:59:59.900Z')).toEqual([]);
    // Past January, 2025's name goes too.
    expect(staleOnWallet(held, '2026-03-15T10:00:00.000Z')).toEqual([
      'quotaSpend2025',
      'quotaSpend2025m11',
      'quotaSpend2025m12',
      'quotaSpend2026m01',
    ]);
    expect(staleOnWallet(held, '2027-03-01T00:00:00.000Z')).toEqual(held);
  });

  it('starts at 0 on a first wallet, beside a pointer naming it', () => {
    const { attributes, step } = counterOnNewWallet('acc', 'svc.nzd.test', 'a');
    expect(attributes).toEqual({ quotaSpend: 0 });
    expect(step.item.Put).toMatchObject({
      Item: {
        PK: 'QUOTA#acc',
        SK: 'SPENDWALLET#svc.nzd.test',
        accountId: 'acc',
        assetType: 'svc.nzd.test',
        assetId: 'a',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('moves onto each year’s counter item: the wallet’s attributes removed while its mark is unchanged', () => {
    const steps = counterOffWallet('acc', 'svc.nzd.test', base);
    expect(steps.map((step) => step.item)).toEqual([
      {
        Update: {
          TableName: 'payments',
          Key: key,
          UpdateExpression: 'REMOVE #r0, #r1, #r2, #r3',
          ConditionExpression: '#r0 = :counted',
          ExpressionAttributeNames: {
            '#r0': 'quotaSpend',
            '#r1': 'quotaSpend2026',
            '#r2': 'quotaSpend2026m12',
            '#r3': 'quotaSpend2025',
          },
          ExpressionAttributeValues: { ':counted': 700 },
        },
      },
      {
        Update: {
          TableName: 'payments',
          Key: { PK: 'QUOTA#acc', SK: 'USAGE#2026#spend#svc.nzd.test' },
          UpdateExpression: 'SET #s0 = :s0, #s1 = :s1, #s2 = :s2, #s3 = :s3, #s4 = :s4, #s5 = :s5 ADD #a0 :a0, #a1 :a1',
          ExpressionAttributeNames: { ...counterSet('2026').names, '#a0': 'yearly', '#a1': 'm12' },
          ExpressionAttributeValues: { ...counterSet('2026').values, ':a0': 500, ':a1': 200 },
        },
      },
      {
        Update: {
          TableName: 'payments',
          Key: { PK: 'QUOTA#acc', SK: 'USAGE#2025#spend#svc.nzd.test' },
          UpdateExpression: 'SET #s0 = :s0, #s1 = :s1, #s2 = :s2, #s3 = :s3, #s4 = :s4, #s5 = :s5 ADD #a0 :a0',
          ExpressionAttributeNames: { ...counterSet('2025').names, '#a0': 'yearly' },
          ExpressionAttributeValues: { ...counterSet('2025').values, ':a0': 200 },
        },
      },
      {
        Delete: {
          TableName: 'payments',
          Key: { PK: 'QUOTA#acc', SK: 'SPENDWALLET#svc.nzd.test' },
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]);
    // A spend counted since the read, or another second wallet's move, is a race to re-read.
    for (const step of [steps[0], steps[3]])
      expect(step.onConditionFailed?.({} as never)).toBeInstanceOf(TransactionConflictError);
  });

  it('is not moved from a wallet that holds none', () => {
    expect(() => counterOffWallet('acc', 'svc.nzd.test', key)).toThrow('the wallet holds no spend counter');
  });
});
