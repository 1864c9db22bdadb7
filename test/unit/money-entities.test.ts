import { NumberValueImpl as NumberValue } from '@aws-sdk/util-dynamodb';
import { EntityShapeError, type Entity } from '../../functions/core/db/entity';
import { idempotencyEntity, rateLimitEntity } from '../../functions/core/db/keys';
import {
  assetBalance,
  assetShard,
  legacyLedgerEntry,
  pendingTransferEntity,
  postedTransferEntity,
} from '../../functions/core/ledger/entities';
import { quotaCounterEntity, quotaLimitsEntity } from '../../functions/core/ledger/quotas';
import { shardItems } from '../../functions/core/ledger/transfers';
import {
  paymentActivityEntity,
  paymentRequestEntity,
  patronRequestLinkEntity,
} from '../../functions/payment-requests/keys';
import type { PaymentActivity, StoredPaymentRequest } from '../../functions/payment-requests/payment-request';
import { present, presentActivity } from '../../functions/payment-requests/payment-request-store';
import { walletAssetEntity, walletCounterEntity, type StoredWalletAsset } from '../../functions/wallet-assets/entities';

const at = '2026-01-02T03:04:05.000Z';

const request: StoredPaymentRequest = {
  id: 'pr1',
  shortCode: 'CP-ABC-DEF',
  url: 'https://pay.example/pay/pr1',
  value: { currency: 'NZD', amount: '1000' },
  paymentOptions: [{ assetType: 'svc.nzd.test', amount: '1000' }],
  merchantId: 'm1',
  merchantName: 'Cafe',
  configId: 'mc_1',
  status: 'paid',
  liveness: 'test',
  createdAt: at,
  updatedAt: at,
  expiresAt: at,
  expirySeconds: 120,
  merchantConditions: [],
  remainingAmount: '0',
  externalRef: 'order-1',
  paidBy: {
    assetTotals: [
      { type: 'svc.nzd.test', total: { currency: 'NZD', amount: '600' }, payerAccountId: 'payerA' },
      { type: 'svc.nzd.test', total: { currency: 'NZD', amount: '400' }, payerAccountId: 'payerB' },
    ],
  },
  merchantAccountId: 'acct-m',
  createdBy: 'crn:acct-m:api-key:k',
  version: 3,
  activityCount: 2,
  paidAmount: '1000',
  refundedAmount: '0',
  payments: [],
  settlementWallets: { 'svc.nzd.test': 'w-settle' },
  patronAccountId: 'patron',
  legacy: { clientId: 'mc_1', notifyUrl: 'https://hooks.example/legacy' },
};

const activity: PaymentActivity = {
  id: 'a1',
  type: 'payment',
  paymentRequestId: 'pr1',
  merchantId: 'm1',
  createdAt: at,
  createdBy: 'crn:acct-p:api-key:k',
  activityNumber: '2',
  value: { currency: 'NZD', amount: '1000' },
};

const wallet: StoredWalletAsset = {
  id: 'w1',
  accountId: 'acct-p',
  category: 'money',
  type: 'svc.nzd.test',
  ledgerId: 'svc.nzd.test',
  liveness: 'test',
  currency: 'NZD',
  settlement: false,
  status: 'active',
  createdAt: at,
  createdBy: 'crn:acct-p:api-key:k',
  balance: 0,
  pending: 0,
  available: 0,
};

/** One item of each entity, as its definition writes it. */
const ITEMS: [Entity<object, never[]>, Record<string, unknown>][] = [
  [paymentRequestEntity, paymentRequestEntity.item(request)],
  [paymentActivityEntity, paymentActivityEntity.item(activity)],
  [
    patronRequestLinkEntity,
    patronRequestLinkEntity.item({ patronAccountId: 'patron', createdAt: at, paymentRequestId: 'pr1' }),
  ],
  [walletAssetEntity, walletAssetEntity.item(wallet)],
  [walletCounterEntity, walletCounterEntity.item({ accountId: 'acct-p', ledgerType: 'svc.nzd.test', walletCount: 1 })],
  [assetShard, shardItems('w1', 1, { status: 'active', currency: 'NZD', liveness: 'test' })[0]],
  [
    pendingTransferEntity,
    pendingTransferEntity.item({
      id: 't1',
      status: 'pending',
      kind: 'payment',
      debit: { assetId: 'w1', mode: 'single' },
      credit: { assetId: 'w-settle', mode: 'sharded', shards: 8 },
      amount: '100',
      remaining: '100',
      currency: 'NZD',
      createdAt: at,
    }),
  ],
  [
    postedTransferEntity,
    postedTransferEntity.item(
      {
        txnId: 't1',
        kind: 'payment',
        debitAssetId: 'w1',
        creditAssetId: 'w-settle',
        amount: '100',
        currency: 'NZD',
        createdAt: at,
      },
      { paymentRequestId: 'pr1' },
    ),
  ],
  [
    legacyLedgerEntry,
    legacyLedgerEntry.item(
      {
        txnId: 't1',
        side: 'D',
        kind: 'payment',
        assetId: 'w1',
        otherAssetId: 'w-settle',
        amount: '100',
        currency: 'NZD',
        createdAt: at,
      },
      { paymentRequestId: 'pr1' },
    ),
  ],
  [
    idempotencyEntity,
    idempotencyEntity.item(
      {
        accountId: 'acct-p',
        operation: 'payPaymentRequest',
        clientKey: 'k1',
        requestHash: 'h',
        response: '{}',
        createdAt: at,
      },
      { ttl: 1 },
    ),
  ],
  [
    rateLimitEntity,
    rateLimitEntity.item({ subject: 'ACCOUNT', scope: 'acct-p', head: 1, counted: 1, slots: [1] }, { ttl: 1 }),
  ],
  [
    quotaLimitsEntity,
    quotaLimitsEntity.item({
      accountId: 'acct-p',
      limits: [{ type: 'spend', period: 'monthly', assetType: 'svc.nzd.test', limit: '1000' }],
      updatedAt: at,
      updatedBy: 'crn:op',
    }),
  ],
  [
    quotaCounterEntity,
    quotaCounterEntity.item({
      accountId: 'acct-p',
      quotaType: 'spend',
      assetType: 'svc.nzd.test',
      year: '2026',
      yearly: 300,
      m01: 300,
    }),
  ],
] as never;

describe('the money entities', () => {
  it('keep the documented key shapes', () => {
    expect(paymentRequestEntity.item(request)).toMatchObject({
      PK: 'PR#pr1',
      SK: 'PR',
      GSI1PK: 'EXTREF#acct-m#order-1',
      GSI1SK: `${at}#pr1`,
      GSI3PK: 'SHORTCODE#CP-ABC-DEF',
      GSI3SK: `${at}#pr1`,
    });
    expect(paymentActivityEntity.item(activity)).toMatchObject({
      PK: 'PR#pr1',
      SK: 'ACTIVITY#000000000000002',
      GSI1PK: 'MERCHANTACTIVITY#m1',
      GSI1SK: `${at}#pr1#000000000000002`,
    });
    expect(walletAssetEntity.item(wallet)).toMatchObject({
      PK: 'ASSET#w1',
      SK: 'ASSET',
      GSI3PK: 'ACCOUNTASSETS#acct-p',
      GSI3SK: `${at}#w1`,
    });
    expect(assetShard.key('w1', 3)).toEqual({ PK: 'ASSET#w1', SK: 'SHARD#3' });
    expect(legacyLedgerEntry.key('t1', 'C')).toEqual({ PK: 'LEDGER#t1', SK: 'ENTRY#C' });
    expect(ITEMS.find(([entity]) => entity.type === 'ledger-entry' && entity.version === 2)?.[1]).toMatchObject({
      PK: 'LEDGER#t1',
      SK: 'TRANSFER',
      GSI1PK: 'ASSETTXN#w1',
      GSI1SK: `${at}#t1`,
      GSI2PK: 'ASSETTXN#w-settle',
      GSI2SK: `${at}#t1`,
      entity: 'ledger-entry',
      v: 2,
    });
    expect(idempotencyEntity.key('a', 'op', 'k')).toEqual({ PK: 'IDEMPOTENCY#a#op#k', SK: 'IDEMPOTENCY' });
    expect(rateLimitEntity.key('SOURCE', '203.0.113.7')).toEqual({
      PK: 'RATELIMIT#SOURCE#203.0.113.7',
      SK: 'RATELIMIT',
    });
    expect(quotaLimitsEntity.key('acct-p')).toEqual({ PK: 'QUOTA#acct-p', SK: 'LIMITS' });
    expect(quotaCounterEntity.key('acct-p', '2026', 'topup', 'svc.nzd.test')).toEqual({
      PK: 'QUOTA#acct-p',
      SK: 'USAGE#2026#topup#svc.nzd.test',
    });
  });

  it.each(ITEMS.map(([entity, item]) => [entity.type, entity, item] as const))(
    '%s: stamps its type and version and parses its own items back',
    (_, entity, item) => {
      expect(item).toMatchObject({ entity: entity.type, v: entity.version });
      const record = entity.parse(item);
      expect(record).not.toHaveProperty('entity');
      expect(record).not.toHaveProperty('PK');
      expect(record).not.toHaveProperty('ttl');
    },
  );

  it.each(ITEMS.map(([entity]) => [entity.type, entity] as const))(
    '%s: an item of any other entity is a typed error, not a cast',
    (type, entity) => {
      for (const [other, item] of ITEMS) {
        // The engine's reading of a wallet's base item is the same stored entity as the wallet's.
        if (other.type === type) continue;
        expect(() => entity.parse(item)).toThrow(EntityShapeError);
      }
      expect(() => entity.parse({ id: 'x' })).toThrow(EntityShapeError);
    },
  );

  it('a payment request item holds no copy of what its keys hold or of its defaults; older items read the same', () => {
    const usual = { ...request, createdByAccountId: 'acct-m' };
    const item = paymentRequestEntity.item(usual);
    for (const left of ['id', 'createdAt', 'shortCode', 'createdByAccountId', 'merchantConditions', 'url', 'paidBy']) {
      expect(item).not.toHaveProperty(left);
    }
    // What version 2 already derived (url, paidBy, expirySeconds) is this fixture's own; the rest reads back.
    const { url: _u, paidBy: _p, expirySeconds: _e, ...expected } = usual;
    expect(paymentRequestEntity.parse(item)).toMatchObject(expected);
    // Version 2 stored them all, its short code on GSI2: its items read as they did.
    const { GSI3PK, GSI3SK, ...unindexed } = item;
    const version2 = {
      ...unindexed,
      GSI2PK: GSI3PK,
      GSI2SK: GSI3SK,
      v: 2,
      id: 'pr1',
      createdAt: at,
      shortCode: 'CP-ABC-DEF',
      createdByAccountId: 'acct-x',
    };
    expect(paymentRequestEntity.parse({ ...version2, merchantConditions: [] })).toMatchObject({
      id: 'pr1',
      createdAt: at,
      shortCode: 'CP-ABC-DEF',
      createdByAccountId: 'acct-x',
      merchantConditions: [],
    });
  });

  it('writes balance items with numeric balances, and reads them back as the ledger client returns them', () => {
    for (const item of [
      walletAssetEntity.item(wallet),
      shardItems('w1', 2, { status: 'active', currency: 'NZD', liveness: 'test' })[1],
    ]) {
      expect(typeof item.balance).toBe('number');
      expect(typeof item.pending).toBe('number');
      expect(typeof item.available).toBe('number');
    }
    const read = {
      ...walletAssetEntity.item(wallet),
      v: NumberValue.from('1'),
      balance: NumberValue.from('90071992547409930'),
    };
    expect(String(assetBalance.parse(read).balance)).toBe('90071992547409930');
    expect(walletAssetEntity.parse(read).accountId).toBe('acct-p');
  });

  it('public views are the response schemas: no internal field, payer ids only to their payer', () => {
    const view = present(request, { accountId: 'payerA' }) as Record<string, unknown>;
    for (const internal of [
      'merchantAccountId',
      'createdBy',
      'version',
      'payments',
      'settlementWallets',
      'patronAccountId',
      'legacy',
      'entity',
      'v',
    ]) {
      expect(view).not.toHaveProperty(internal);
    }
    expect(present(request, { accountId: 'payerA' }).paidBy?.assetTotals?.map((t) => t.payerAccountId)).toEqual([
      'payerA',
      undefined,
    ]);
    expect(present(request).paidBy?.assetTotals?.map((t) => t.payerAccountId)).toEqual(['payerA', 'payerB']);
    expect(presentActivity({ ...activity, internalNote: 'x' } as PaymentActivity)).not.toHaveProperty('internalNote');
  });
});
