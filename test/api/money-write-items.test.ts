import { GetCommand } from '../../functions/core/db/document';
import { indexEntries, itemBytes, itemWriteUnits, type ItemKey } from '../../functions/core/db/capacity';
import { db } from '../../functions/core/db/client';
import { api, type ApiResponse } from '../support/api';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';
import { written } from '../support/value';

/**
 * What a create, a pay and a refund write, from the keys the local gateway reports each request wrote
 * (the rate limiter's bookkeeping aside), each item read back as it was written: items, and write units as
 * DynamoDB bills a transaction's item (2 per started KB of the item) plus 1 per started KB per global
 * secondary index whose key it carries (`itemWriteUnits`, the rule the bench counts with). A change that
 * adds an item or an index entry, or grows an item past a KB boundary, fails here (issue 28;
 * docs/performance.md, "Record layout").
 */
interface Written {
  key: ItemKey;
  bytes: number;
  indexes: number;
  units: number;
}

async function readBack(res: ApiResponse, creates = false): Promise<Written[]> {
  expect(res.status).toBe(200);
  return Promise.all(
    written(res).map(async (key) => {
      const out = await db().send(
        new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }),
      );
      const item = out.Item ?? {};
      const units = itemWriteUnits(item, true, creates);
      return { key, bytes: itemBytes(item), indexes: indexEntries(item, creates), units: units.table + units.index };
    }),
  );
}

const writeUnits = (items: Written[]) => items.reduce((sum, i) => sum + i.units, 0);
/** What each item is, by its key's kind, for a failure's message. */
const layout = (items: Written[]) =>
  items.map((i) => `${i.key.PK.split('#')[0]}/${i.key.SK.split('#')[0]} ${i.bytes} B, ${i.indexes} GSI`).sort();

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

describe('items and write units of a money write', () => {
  it('a create, a pay and a refund write no more than their record layout', async () => {
    const payer = await newPayer('10000');
    // A merchant's first request also activates it: the figures are of every later one.
    await newPaymentRequest(merchant, { value: nzd('100') });
    const create = await api('POST', '/api/payment-requests', {
      key: merchant.owner.apiKey,
      body: { configId: merchant.configId, value: nzd('100') },
    });
    // A create writes only new items.
    const created = await readBack(create, true);
    const paid = await readBack(await pay(payer, create.body.id, 'write-items'));
    const refunded = await readBack(
      await api('POST', `/api/payment-requests/${create.body.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd('40'), externalRef: 'write-items' },
      }),
    );
    // Every clock of the local platform can be advanced, so a timer also leaves its clock an alarm (core/test-clock/
    // alarms.ts): on AWS only a test account's request writes it, a live merchant's does not.
    const alarms = created.filter((i) => i.key.PK.startsWith('CLOCKALARMS#'));
    const live = created.filter((i) => !alarms.includes(i));
    const figures = {
      create: { items: created.length, writeUnits: writeUnits(created), layout: layout(created) },
      liveCreate: { items: live.length, writeUnits: writeUnits(live) },
      pay: { items: paid.length, writeUnits: writeUnits(paid), layout: layout(paid) },
      refund: { items: refunded.length, writeUnits: writeUnits(refunded), layout: layout(refunded) },
    };
    expect({
      create: figures.create.items,
      pay: figures.pay.items,
      refund: figures.refund.items,
      payUnits: figures.pay.writeUnits,
      refundUnits: figures.refund.writeUnits,
      createUnits: figures.create.writeUnits,
      alarms: alarms.length,
      figures,
    }).toEqual({
      create: 3,
      pay: 5,
      refund: 5,
      payUnits: 13,
      refundUnits: 13,
      createUnits: 9,
      alarms: 1,
      figures,
    });
    expect(figures.liveCreate).toEqual({ items: 2, writeUnits: 6 });
  });

  it('a replayed pay writes nothing', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('100') });
    expect((await pay(payer, pr.id, 'replayed')).status).toBe(200);
    const again = await pay(payer, pr.id, 'replayed');
    expect(again.status).toBe(200);
    expect(written(again)).toEqual([]);
  });
});
