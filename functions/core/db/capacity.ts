import { TABLE } from '../infrastructure';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDb } from './dynamodb';
import { getItems, keyOf } from './batch';
import { EXACT_READ } from './client';

/** What the local gateway (tests, the bench) and the bench's consumer invocations measure of one request. */
export interface ConsumedCapacity {
  /** Read units, as DynamoDB Local reports them. */
  read: number;
  /**
   * The request's serial DynamoDB round trips: the longest chain of its calls each started after the
   * one before it had answered (a call's depth is one more than the deepest call answered before it started).
   */
  serialRoundTrips: number;
  /** Depth of the deepest call answered so far. */
  answeredDepth: number;
  /**
   * The request's calls as sent (marshalled), each with the round trip it started in: the bench replays them and
   * reads back what they wrote; the keys they wrote tell a test what a call changed.
   */
  calls: RecordedCall[];
}

export interface RecordedCall {
  commandName: string;
  input: unknown;
  /** Its depth in the request's chain of round trips (calls of one depth can run side by side). */
  roundTrip: number;
  /** It threw (a refused condition, a cancelled transaction): it wrote nothing. */
  failed?: boolean;
}

export const newConsumedCapacity = (): ConsumedCapacity => ({
  read: 0,
  serialRoundTrips: 0,
  answeredDepth: 0,
  calls: [],
});

/** Response header of the local gateway when measuring: handler time, serial round trips, calls (JSON). */
export const MEASURED_HEADER = 'x-measured';

export interface ItemKey {
  PK: string;
  SK: string;
}

/** The request being measured; the local gateway opens one scope per request when measuring. */
export const capacityScope = new AsyncLocalStorage<ConsumedCapacity>();

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

/** The response header of the keys a measured request wrote (local gateway). */
export const WRITTEN_KEYS_HEADER = 'x-written-keys';

/** The header's value: each key as URI-encoded `PK|SK`, joined by commas. */
export const formatWrittenKeys = (keys: readonly ItemKey[]) =>
  keys.map((key) => `${encodeURIComponent(key.PK)}|${encodeURIComponent(key.SK)}`).join(',');

export function parseWrittenKeys(header: string | null): ItemKey[] {
  if (!header) return [];
  return header.split(',').map((pair) => {
    const [pk, sk] = pair.split('|');
    return { PK: decodeURIComponent(pk), SK: decodeURIComponent(sk ?? '') };
  });
}

type WriteKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/** One write a call sent, as the recorded (marshalled) call names it. */
interface SentWrite {
  kind: WriteKind;
  transactional: boolean;
  key: ItemKey;
}

type MarshalledKey = { PK?: { S?: string }; SK?: { S?: string } };
const sentKey = (key: MarshalledKey | undefined): ItemKey => ({ PK: key?.PK?.S ?? '', SK: key?.SK?.S ?? '' });
const SINGLE_KINDS: Record<string, WriteKind> = {
  PutItemCommand: 'Put',
  UpdateItemCommand: 'Update',
  DeleteItemCommand: 'Delete',
};

function sentWrites(call: RecordedCall): SentWrite[] {
  const input = call.input as {
    Item?: MarshalledKey;
    Key?: MarshalledKey;
    TransactItems?: Record<string, { Item?: MarshalledKey; Key?: MarshalledKey }>[];
    RequestItems?: Record<string, { PutRequest?: { Item?: MarshalledKey }; DeleteRequest?: { Key?: MarshalledKey } }[]>;
  };
  if (call.commandName === 'TransactWriteItemsCommand') {
    return (input.TransactItems ?? []).flatMap((item) =>
      Object.entries(item).map(([kind, w]) => ({
        kind: kind as WriteKind,
        transactional: true,
        key: sentKey(w.Item ?? w.Key),
      })),
    );
  }
  if (call.commandName === 'BatchWriteItemCommand') {
    return Object.values(input.RequestItems ?? {}).flatMap((requests) =>
      requests.map((r) => ({
        kind: r.PutRequest ? ('Put' as const) : ('Delete' as const),
        transactional: false,
        key: sentKey(r.PutRequest?.Item ?? r.DeleteRequest?.Key),
      })),
    );
  }
  const kind = SINGLE_KINDS[call.commandName];
  return kind ? [{ kind, transactional: false, key: sentKey(input.Item ?? input.Key) }] : [];
}

/** The writes of the calls that took effect (a failed call wrote nothing). */
const writesDone = (calls: readonly RecordedCall[]) => calls.filter((call) => !call.failed).flatMap(sentWrites);

/** The keys of the items a request's calls wrote, condition checks aside (the gateway's written-keys header). */
export const writtenKeys = (calls: readonly RecordedCall[]): ItemKey[] =>
  writesDone(calls).flatMap((w) => (w.kind === 'ConditionCheck' ? [] : [w.key]));

/**
 * The partition keys of every write a request sent, refused ones included (a refused conditional
 * write changes nothing but is billed).
 */
export const attemptedWriteKeys = (calls: readonly RecordedCall[]): string[] =>
  calls.flatMap(sentWrites).flatMap((w) => (w.kind === 'ConditionCheck' ? [] : [w.key.PK]));

/** Partition keys of the indexes that project every attribute, and of those that hold keys only. */
const INDEX_KEYS = TABLE.indexes.filter((i) => i.projection === 'ALL').map((i) => i.partitionKey);
const KEYS_ONLY_INDEX_KEYS = TABLE.indexes.filter((i) => i.projection === 'KEYS_ONLY').map((i) => i.partitionKey);

/**
 * An item's size as DynamoDB bills it ("Item sizes and formats" in its developer guide): each
 * attribute's UTF-8 name plus its value; a string its UTF-8 bytes, a number 1 byte per two
 * significant digits plus 1, a boolean or null 1, binary its bytes, a list or map 3 bytes plus each
 * element and 1 byte per element, a set its elements. Items as the document client passes them.
 */
export function itemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => (value === undefined ? sum : sum + Buffer.byteLength(name) + valueBytes(value)),
    0,
  );
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(String(value));
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueBytes(v), 0);
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + 1 + valueBytes(v), 3);
  if (typeof value === 'object') {
    // The document client's NumberValue (balances kept as exact numbers) carries its digits as `value`.
    if (value.constructor?.name === 'NumberValue') return numberBytes(String((value as { value: string }).value));
    return Object.entries(value).reduce(
      (sum, [name, v]) => (v === undefined ? sum : sum + 1 + Buffer.byteLength(name) + valueBytes(v)),
      3,
    );
  }
  return 0;
}

/** Significant digits, leading and trailing zeros trimmed, two to a byte, plus one. */
function numberBytes(text: string): number {
  const digits = text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

const startedKb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/**
 * Index entries an item read back was written with: one per global secondary index whose key it carries. A
 * webhook event leaves the outbox index (GSI1) once dispatched, which may follow its write at once: one read
 * back dispatched was written with that entry, unless it was stored dispatched as it was created (no receiver: its
 * `dispatchedAt` is its `createdAt`; core/webhooks/outbox.ts). A keys-only index's entry is written with a new item
 * (`created`) and again only when its keys change, which no update here does: an update of the item leaves it as it is.
 */
export function indexEntries(item: Record<string, unknown>, created: boolean): number {
  const leftOutbox = 'dispatchedAt' in item && item.dispatchedAt !== item.createdAt;
  return (
    INDEX_KEYS.filter((key) => key in item || (key === 'GSI1PK' && leftOutbox)).length +
    (created ? KEYS_ONLY_INDEX_KEYS.filter((key) => key in item).length : 0)
  );
}

/**
 * Write units of a put or an update as DynamoDB bills them, from the item as written (read back): per started KB
 * of it, 2 in a transaction and 1 alone, plus 1 per index entry (an index write is a standard write, even for a
 * transaction's item). The tests of a money write's items and the bench count with this one rule.
 */
export function itemWriteUnits(item: Record<string, unknown>, transactional: boolean, created: boolean) {
  const kb = startedKb(itemBytes(item));
  return { table: (transactional ? 2 : 1) * kb, index: indexEntries(item, created) * kb };
}

/** Items written (condition checks aside) and their write units, the global secondary indexes' apart. */
export interface WriteFigures {
  items: number;
  /** The indexes' included. */
  writeUnits: number;
  gsiWriteUnits: number;
}

const rewritten = (w: SentWrite) => w.kind === 'Put' || w.kind === 'Update';

/**
 * What a request's writes (its recorded calls) cost as DynamoDB bills them, given each item it put or updated as
 * read back after it (`items`, by `keyOf`), sized as written: `itemWriteUnits`. A delete counts 1 KB (2 units in a
 * transaction, 1 alone) and a transaction's condition check 2 units; an item deleted since its write reads back as
 * none and counts 1 KB.
 */
export function writeFigures(
  calls: readonly RecordedCall[],
  items: ReadonlyMap<string, Record<string, unknown>>,
): WriteFigures {
  const figures: WriteFigures = { items: 0, writeUnits: 0, gsiWriteUnits: 0 };
  for (const write of writesDone(calls)) {
    if (write.kind !== 'ConditionCheck') figures.items += 1;
    const item = rewritten(write) ? items.get(keyOf(write.key)) : undefined;
    // A put is taken as a new item (our puts create), an update as a change of one.
    const units = item
      ? itemWriteUnits(item, write.transactional, write.kind === 'Put')
      : { table: write.transactional ? 2 : 1, index: 0 };
    figures.writeUnits += units.table + units.index;
    figures.gsiWriteUnits += units.index;
  }
  return figures;
}

/**
 * `writeFigures` of a request, its items read back now (strongly consistent). DynamoDB Local reports a flat 2 units
 * for any transaction and none for an index, and a capture of the calls sees an update's expression, not the item
 * it leaves: hence the read-back.
 */
export async function readBackWrites(calls: readonly RecordedCall[]): Promise<WriteFigures> {
  const keys = writesDone(calls)
    .filter(rewritten)
    .map((w) => w.key);
  // Exact numbers (balances beyond 2^53), sized by their digits.
  return writeFigures(calls, await getItems(keys, EXACT_READ));
}

/**
 * Records every call a client sends in the open scope, with the round trip it started in and whether it failed,
 * and adds the read units DynamoDB reports (benchmarks and the tests only).
 */
export function trackConsumedCapacity(client: DynamoDb): void {
  // In the build step, after the document client's marshalling (just before serialization): the
  // calls are recorded as DynamoDB receives them, so that they can be sent again as they are.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope) return next(args);
      const depth = scope.answeredDepth + 1;
      scope.serialRoundTrips = Math.max(scope.serialRoundTrips, depth);
      const call: RecordedCall = {
        commandName: context.commandName ?? '',
        input: structuredClone(args.input),
        roundTrip: depth,
      };
      scope.calls.push(call);
      try {
        return await next(args);
      } catch (error) {
        call.failed = true;
        throw error;
      } finally {
        scope.answeredDepth = Math.max(scope.answeredDepth, depth);
      }
    },
    { step: 'build', name: 'recordDynamoDbCalls', priority: 'high' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope || !READS.has(context.commandName ?? '')) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: CapacityUnits | CapacityUnits[] }).ConsumedCapacity;
      scope.read += (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (sum, c) => sum + (c.CapacityUnits ?? 0),
        0,
      );
      return result;
    },
    { step: 'initialize', name: 'trackConsumedCapacity' },
  );
}

interface CapacityUnits {
  CapacityUnits?: number;
}
