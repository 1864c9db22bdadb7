import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from './client';

/** A table key (entity.ts names it too; repeated here so the two modules do not import each other). */
type TableKey = { PK: string; SK: string };

/** DynamoDB's bounds on one BatchGetItem and one BatchWriteItem. */
const GET_KEYS = 100;
const WRITE_ITEMS = 25;
/** Requests of one call in flight at once. */
const CONCURRENCY = 4;

const table = () => config().tableName;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 20 * 2 ** attempt)));

/**
 * The items stored under the keys (strongly consistent), by `PK SK`, in requests of 100 keys;
 * DynamoDB's unprocessed keys (throttling) are asked again after a jittered pause.
 */
export async function getItems(
  keys: readonly TableKey[],
  client: DynamoDBDocumentClient = db(),
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
  await inGroups(unique, GET_KEYS, async (group) => {
    let pending: Record<string, unknown>[] = [...group];
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt) await pause(attempt);
      const out = await client.send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[table()] ?? []) found.set(keyOf(item as TableKey), item);
      pending = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
    }
  });
  return found;
}

/**
 * Writes the items as they are (no conditions: for records whose keys nothing else writes);
 * unprocessed ones are sent again.
 */
export async function putItems(items: readonly Record<string, unknown>[]): Promise<void> {
  await inGroups(items, WRITE_ITEMS, async (group) => {
    let pending = group.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt) await pause(attempt);
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
    }
  });
}

export const keyOf = (key: TableKey) => `${key.PK} ${key.SK}`;

async function inGroups<T>(values: readonly T[], size: number, run: (group: T[]) => Promise<void>): Promise<void> {
  const groups: T[][] = [];
  for (let i = 0; i < values.length; i += size) groups.push(values.slice(i, i + size));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, groups.length) }, async () => {
      while (next < groups.length) await run(groups[next++]);
    }),
  );
}
