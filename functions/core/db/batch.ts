import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand } from './document';
import { BatchGetItemCommand, GetItemCommand } from './dynamodb';
import { unmarshall, type unmarshallOptions } from '@aws-sdk/util-dynamodb';
import { config } from '../config';
import { DB_READ, db, rawDb } from './client';
import { currentGate, type WriteGate } from './write-gate';

/** A table key (entity.ts names it too; repeated here so the two modules do not import each other). */
type TableKey = { PK: string; SK: string };
/** An item as DynamoDB answers it, before translation. */
export type StoredItem = Record<string, AttributeValue>;

/** DynamoDB's bounds on one BatchGetItem and one BatchWriteItem. */
const GET_KEYS = 100;
const WRITE_ITEMS = 25;
/** Requests of one call in flight at once. */
const CONCURRENCY = 4;

const table = () => config().tableName;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 20 * 2 ** attempt)));

/**
 * The items stored under the keys (strongly consistent), by `PK SK`, translated with `options`; read as `readItems`
 * reads them.
 */
export async function getItems(
  keys: readonly TableKey[],
  options: unmarshallOptions = DB_READ,
): Promise<Map<string, Record<string, unknown>>> {
  const items = await readItems(keys);
  const found = new Map<string, Record<string, unknown>>();
  keys.forEach((key, i) => {
    const item = items[i];
    if (item) found.set(keyOf(key), unmarshall(item, options));
  });
  return found;
}

interface PendingRead {
  key: TableKey;
  read: Promise<StoredItem | undefined>;
  settle: { resolve(item: StoredItem | undefined): void; reject(error: unknown): void };
}
/** Each request's reads not yet sent, by `PK SK`. */
const pendingReads = new WeakMap<WriteGate, Map<string, PendingRead>>();

/**
 * The items stored under the keys, strongly consistent, as DynamoDB answers them (undefined where none). Within a
 * request, the reads it starts in one turn of the event loop go to DynamoDB together, as one BatchGetItem, rather
 * than a call each: every call has costs of its own (the SDK's serializing, signing, retry bookkeeping and parsing,
 * an HTTP request), and the reads a pay starts side by side (its request, its idempotency record and receipt, the
 * payer's limits) were three calls. A key the request read before is answered from that read until the
 * request writes (the write gate's read cache). Outside a request, and for a read alone, each call is sent at once.
 */
export function readItems(keys: readonly TableKey[]): Promise<(StoredItem | undefined)[]> {
  const gate = currentGate();
  if (!gate) return fetchItems(keys).then((found) => keys.map((key) => found.get(keyOf(key))));
  return Promise.all(keys.map((key) => readInRequest(gate, key)));
}

function readInRequest(gate: WriteGate, key: TableKey): Promise<StoredItem | undefined> {
  const id = keyOf(key);
  const cacheKey = `item ${id}`;
  gate.reads ??= new Map();
  const known = gate.reads.get(cacheKey) as Promise<StoredItem | undefined> | undefined;
  if (known) return known;
  let batch = pendingReads.get(gate);
  if (!batch) {
    const next = new Map<string, PendingRead>();
    batch = next;
    pendingReads.set(gate, next);
    // Once every promise reaction of this turn has run (as DataLoader batches), so reads started a few awaits
    // later go too.
    void Promise.resolve().then(() => process.nextTick(() => sendBatch(gate, next)));
  }
  // Queued already, though a write in between emptied the cache: one read still.
  let read = batch.get(id)?.read;
  if (!read) {
    let settle: PendingRead['settle'] | undefined;
    const queued = new Promise<StoredItem | undefined>((resolve, reject) => {
      settle = { resolve, reject };
    });
    batch.set(id, { key, read: queued, settle: settle! });
    read = queued;
  }
  const cached = read;
  gate.reads.set(cacheKey, cached);
  cached.catch(() => {
    if (gate.reads?.get(cacheKey) === cached) gate.reads.delete(cacheKey);
  });
  return cached;
}

async function sendBatch(gate: WriteGate, batch: Map<string, PendingRead>): Promise<void> {
  if (pendingReads.get(gate) === batch) pendingReads.delete(gate);
  const reads = [...batch.values()];
  try {
    const found = await fetchItems(reads.map((read) => read.key));
    for (const read of reads) read.settle.resolve(found.get(keyOf(read.key)));
  } catch (error) {
    for (const read of reads) read.settle.reject(error);
  }
}

/**
 * The items under the keys by `PK SK`: one GetItem for one key, else BatchGetItem requests of 100 keys, DynamoDB's
 * unprocessed keys (throttling) asked again after a jittered pause.
 */
async function fetchItems(keys: readonly TableKey[]): Promise<Map<string, StoredItem>> {
  const found = new Map<string, StoredItem>();
  const unique = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
  const stored = (key: TableKey): StoredItem => ({ PK: { S: key.PK }, SK: { S: key.SK } });
  if (unique.length === 1) {
    const out = await rawDb().send(
      new GetItemCommand({ TableName: table(), Key: stored(unique[0]), ConsistentRead: true }),
    );
    if (out.Item) found.set(keyOf(unique[0]), out.Item);
    return found;
  }
  await inGroups(unique, GET_KEYS, async (group) => {
    let pending: StoredItem[] = group.map(stored);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt) await pause(attempt);
      const out = await rawDb().send(
        new BatchGetItemCommand({ RequestItems: { [table()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[table()] ?? []) found.set(`${item.PK.S} ${item.SK.S}`, item);
      pending = out.UnprocessedKeys?.[table()]?.Keys ?? [];
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
