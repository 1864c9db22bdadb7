import { accountEntity, apiKeyEntity, apiKeyLookupEntity } from '../../functions/accounts/entities';
import { connectionEntity } from '../../functions/connections/entities';
import { EntityShapeError } from '../../functions/core/db/entity';
import { webhookEventEntity } from '../../functions/core/webhooks/outbox';
import { merchantConfigEntity } from '../../functions/merchant-configs/entities';
import { merchantEntity } from '../../functions/merchants/entities';
import { barcodeGuardEntity, patronCodeEntity } from '../../functions/patron-codes/entities';
import { paymentLinkEntity } from '../../functions/payment-links/entities';
import { salesChannelEntity } from '../../functions/sales-channels/entities';
import { walletEntity } from '../../functions/wallets/entities';
import { webhookDeliveryEntity, webhookEntity } from '../../functions/webhooks/entities';

const at = '2026-01-01T00:00:00.000Z';
const by = 'crn:test:someone';

/** One record of each entity, as its group writes it. */
const records = [
  [
    accountEntity,
    {
      id: 'acc1',
      name: 'A',
      type: 'org',
      subscriptions: [],
      version: 1,
      createdAt: at,
      createdBy: by,
      modifiedAt: at,
      modifiedBy: by,
    },
  ],
  [
    apiKeyEntity,
    {
      name: 'k',
      accountId: 'acc1',
      role: 'account-owner',
      enabled: true,
      version: 1,
      createdAt: at,
      createdBy: by,
      modifiedAt: at,
      modifiedBy: by,
      secretHash: 'h',
    },
  ],
  [apiKeyLookupEntity, { secretHash: 'h', accountId: 'acc1', name: 'k', role: 'account-owner', enabled: true }],
  [
    merchantEntity,
    {
      id: 'm1',
      accountId: 'acc1',
      name: 'Cafe',
      country: 'NZ',
      test: true,
      onboardingStatus: 'applied',
      createdAt: at,
      updatedAt: at,
      createdBy: by,
      updatedBy: by,
      version: 1,
      activityCount: 0,
    },
  ],
  [
    merchantConfigEntity,
    {
      id: 'mc_1',
      merchantId: 'm1',
      paymentOptions: [{ type: 'svc.nzd.test' }],
      createdAt: at,
      createdBy: by,
      updatedAt: at,
      updatedBy: by,
      merchantAccountId: 'acc1',
      test: true,
      version: 1,
    },
  ],
  [
    patronCodeEntity,
    {
      id: 'p1',
      barcode: '9990001234567890',
      createdAt: at,
      expiresAt: at,
      appName: 'svc',
      accountId: 'acc1',
      metadata: {},
      version: 1,
    },
  ],
  [barcodeGuardEntity, { barcode: '9990001234567890', patronCodeId: 'p1' }],
  [
    walletEntity,
    {
      id: 'w',
      name: 'W',
      accountId: 'acc1',
      assetTypes: [{ id: 'svc.nzd' }],
      status: 'active',
      createdAt: at,
      createdBy: by,
      createdByAccountName: 'A',
    },
  ],
  [
    webhookEntity,
    {
      id: 'wh_1',
      accountId: 'acc1',
      url: 'https://x.example',
      types: ['payment-request:paid'],
      createdAt: at,
      createdBy: by,
    },
  ],
  [
    webhookDeliveryEntity,
    {
      id: 'wd_1',
      accountId: 'acc1',
      eventId: 'e1',
      kind: 'notification',
      url: 'https://x.example',
      status: 'pending',
      attempts: [],
      createdAt: at,
    },
  ],
  [
    webhookEventEntity,
    {
      id: 'e1',
      kind: 'notification',
      accountId: 'acc1',
      test: true,
      type: 'payment-request:paid',
      data: {},
      createdAt: at,
    },
  ],
  [
    salesChannelEntity,
    {
      id: 'sc_1',
      name: 'C',
      type: 'provider',
      accountId: 'acc1',
      test: true,
      deviceId: false,
      deviceModel: false,
      deviceSerialNumber: false,
      externalId: false,
      notificationUrl: 'https://x.example',
      createdAt: at,
      createdBy: by,
      updatedAt: at,
      updatedBy: by,
    },
  ],
  [
    connectionEntity,
    {
      id: 'cn_1',
      createdBy: by,
      createdByAccountName: 'A',
      createdByAccountId: 'acc1',
      createdAt: at,
      status: 'created',
      url: 'https://x.example/connect/cn_1',
      merchantId: 'm1',
      test: true,
      version: 1,
    },
  ],
  [
    paymentLinkEntity,
    {
      id: 'pl_1',
      status: 'created',
      name: 'Front',
      merchantId: 'm1',
      merchantAccountId: 'acc1',
      test: true,
      createdBy: by,
      createdAt: at,
      updatedBy: by,
      updatedAt: at,
      version: 1,
    },
  ],
] as const;

type AnyEntity = {
  type: string;
  item(record: object): Record<string, unknown>;
  parse(item: Record<string, unknown>): object;
};

describe.each(
  records.map(([entity, record]) => [entity.type, entity as unknown as AnyEntity, record as object] as const),
)('the %s entity', (_, entity, record) => {
  it('writes its record stamped and keyed, and reads it back unchanged', () => {
    const item = entity.item(record);
    expect(item).toMatchObject({ entity: entity.type, v: 1, PK: expect.any(String), SK: expect.any(String) });
    expect(entity.parse(item)).toEqual(record);
  });

  it('refuses a foreign-shaped item with a typed error', () => {
    const item = entity.item(record);
    expect(() => entity.parse({ ...item, entity: 'something-else' })).toThrow(EntityShapeError);
    expect(() => entity.parse({ ...record })).toThrow(EntityShapeError); // unstamped (stored before entities)
    const [firstRequired] = Object.keys(record);
    const { [firstRequired]: _dropped, ...missing } = item;
    expect(() => entity.parse(missing)).toThrow(EntityShapeError);
  });
});
