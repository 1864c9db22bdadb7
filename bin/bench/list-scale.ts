import { BatchWriteItemCommand, DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { newId } from '../../functions/core/ids';
import type { Seed } from '../local/seed';
import { benchMerchant, type Call } from './client';
import { percentile, round } from './measure';

export interface ListScaleFigure {
  listing: string;
  smallItems: number;
  largeItems: number;
  ops: number;
  smallP50Ms: number;
  largeP50Ms: number;
  /** large ÷ small p50 (goal ≤ 1.1: a page costs the same whatever the listing holds). */
  ratio: number;
  readUnitsSmall: number;
  readUnitsLarge: number;
}

/**
 * One page (50) of an account's merchants (a GSI1 Query), for an account with `small` merchants
 * and one with `large`, measured interleaved in the same run. Each account gets one merchant
 * through the API; the rest are copies of its item written straight to the table (new ids, the
 * same listing partition, a search partition of their own so name search stays clean).
 */
export async function listScale(
  call: Call,
  seed: Seed,
  tableName: string,
  ops: number,
  small = 1_000,
  large = Number(process.env.BENCH_LIST_ITEMS ?? 100_000),
): Promise<ListScaleFigure> {
  const dynamo = new DynamoDBClient({});
  try {
    const accountWith = async (count: number) => {
      const { owner, merchantId } = await benchMerchant(call, seed.operatorApiKey, `List ${count}`);
      const { Item } = await dynamo.send(
        new GetItemCommand({
          TableName: tableName,
          Key: { PK: { S: `MERCHANT#${merchantId}` }, SK: { S: 'MERCHANT' } },
        }),
      );
      if (!Item) throw new Error('merchant item not found: its key shape changed (functions/merchants/entities.ts)');
      await copies(dynamo, tableName, Item, merchantId, count - 1);
      return owner;
    };
    const smallAccount = await accountWith(small);
    const largeAccount = await accountWith(large);
    const page = (a: { accountId: string; key: string }) =>
      call('GET', `/api/accounts/${a.accountId}/merchants?paginationLimit=50`, a.key);
    for (let i = 0; i < 10; i++) await Promise.all([page(smallAccount), page(largeAccount)]);
    const times = { small: [] as number[], large: [] as number[] };
    const units = { small: 0, large: 0 };
    for (let i = 0; i < ops; i++) {
      for (const which of i % 2 ? (['large', 'small'] as const) : (['small', 'large'] as const)) {
        const t0 = process.hrtime.bigint();
        const res = await page(which === 'small' ? smallAccount : largeAccount);
        times[which].push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status !== 200 || (res.body as { items: unknown[] }).items.length !== 50)
          throw new Error(`list ${which}: ${res.status}`);
        units[which] += res.capacity.read;
      }
    }
    const p50 = (xs: number[]) =>
      round(
        percentile(
          xs.sort((a, b) => a - b),
          50,
        ),
      );
    const smallP50Ms = p50(times.small);
    const largeP50Ms = p50(times.large);
    return {
      listing: "an account's merchants, one page of 50",
      smallItems: small,
      largeItems: large,
      ops,
      smallP50Ms,
      largeP50Ms,
      ratio: round(largeP50Ms / smallP50Ms),
      readUnitsSmall: round(units.small / ops),
      readUnitsLarge: round(units.large / ops),
    };
  } finally {
    dynamo.destroy();
  }
}

async function copies(
  dynamo: DynamoDBClient,
  tableName: string,
  item: Record<string, AttributeValue>,
  id: string,
  count: number,
): Promise<void> {
  const replace = (value: AttributeValue | undefined, next: string) =>
    value?.S ? { S: value.S.split(id).join(next) } : value;
  const batches: Record<string, AttributeValue>[][] = [];
  for (let i = 0; i < count; i += 25) {
    batches.push(
      Array.from({ length: Math.min(25, count - i) }, () => {
        const copyId = newId();
        return {
          ...item,
          PK: replace(item.PK, copyId)!,
          id: { S: copyId },
          GSI1SK: replace(item.GSI1SK, copyId)!,
          GSI2PK: { S: 'BENCH#LIST-SCALE' },
          GSI2SK: { S: copyId },
        };
      }),
    );
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let b = next++; b < batches.length; b = next++) {
        let requests: { PutRequest: { Item: Record<string, AttributeValue> } }[] | undefined = batches[b].map(
          (Item) => ({ PutRequest: { Item } }),
        );
        while (requests?.length) {
          const out = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
          requests = out.UnprocessedItems?.[tableName] as typeof requests;
        }
      }
    }),
  );
}
