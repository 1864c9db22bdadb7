import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface ConsumedCapacity {
  read: number;
  write: number;
  /** Items written (a transaction counts each of its items). */
  items: number;
  /** Keys of the items written, condition checks excluded (so a test can tell what a call changed). */
  written: ItemKey[];
  /** Write units the table's global secondary indexes consumed (also in `write`). */
  gsiWriteUnits: number;
  /**
   * The request's serial DynamoDB round trips: the longest chain of its calls each started after the
   * one before it had answered (a call's depth is one more than the deepest call answered before it started).
   */
  serialRoundTrips: number;
  /** Depth of the deepest call answered so far. */
  answeredDepth: number;
  /** The request's calls as sent (marshalled), each with the round trip it started in (the bench replays them). */
  calls: RecordedCall[];
}

export interface RecordedCall {
  commandName: string;
  input: unknown;
  /** Its depth in the request's chain of round trips (calls of one depth can run side by side). */
  roundTrip: number;
}

export const newConsumedCapacity = (): ConsumedCapacity => ({
  read: 0,
  write: 0,
  items: 0,
  written: [],
  gsiWriteUnits: 0,
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
const SINGLE_WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

interface CapacityUnits {
  CapacityUnits?: number;
}

/** Keys as the document clients (every client of the platform) pass them: plain strings. */
type KeyAttributes = { PK?: string; SK?: string };

interface TransactItem {
  Put?: { Item?: unknown };
  Update?: { Key?: KeyAttributes };
  Delete?: { Key?: KeyAttributes };
}

const itemKey = (attributes: KeyAttributes): ItemKey => ({ PK: attributes.PK ?? '', SK: attributes.SK ?? '' });

/** The key an item write names (Put: its item; Update and Delete: their key); none for a condition check. */
function writtenKey(write: TransactItem): ItemKey | undefined {
  const attributes = (write.Put?.Item as KeyAttributes | undefined) ?? write.Update?.Key ?? write.Delete?.Key;
  return attributes && itemKey(attributes);
}

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

type Marshalled = { PK?: { S?: string } };
interface SentWrite {
  Item?: Marshalled;
  Key?: Marshalled;
}

/**
 * The partition keys of every write a request sent, refused ones included (a refused conditional
 * write changes nothing but is billed): calls as recorded, marshalled.
 */
export function attemptedWriteKeys(calls: readonly RecordedCall[]): string[] {
  return calls.flatMap((call) => {
    const input = call.input as SentWrite & { TransactItems?: Record<string, SentWrite>[] };
    if (call.commandName === 'TransactWriteItemsCommand') {
      return (input.TransactItems ?? []).flatMap((item) =>
        Object.entries(item)
          .filter(([kind]) => kind !== 'ConditionCheck')
          .map(([, w]) => (w.Item ?? w.Key)?.PK?.S ?? ''),
      );
    }
    return SINGLE_WRITES.has(call.commandName) ? [(input.Item ?? input.Key)?.PK?.S ?? ''] : [];
  });
}

const INDEX_KEYS = ['GSI1PK', 'GSI2PK'];

/**
 * Write units the global secondary indexes take for a write, as DynamoDB bills them: 1 per index
 * whose key the written item carries, per started KB (an index write is a standard write, even for a
 * transaction's item). DynamoDB Local reports no index capacity. A lower bound: an update counts only
 * when it sets an index key, though on DynamoDB it rewrites the index entry of an item already indexed.
 */
function gsiWriteUnits(commandName: string, input: unknown): number {
  const writes: TransactItem[] =
    commandName === 'TransactWriteItemsCommand'
      ? ((input as { TransactItems?: TransactItem[] }).TransactItems ?? [])
      : SINGLE_WRITES.has(commandName)
        ? [
            commandName === 'PutItemCommand'
              ? { Put: input as TransactItem['Put'] }
              : { Update: input as TransactItem['Update'] },
          ]
        : [];
  let units = 0;
  for (const write of writes) {
    const item = write.Put?.Item as Record<string, unknown> | undefined;
    const expression = (write.Update as { UpdateExpression?: string } | undefined)?.UpdateExpression ?? '';
    const indexes = item
      ? INDEX_KEYS.filter((key) => key in item).length
      : INDEX_KEYS.filter((key) => expression.includes(key)).length;
    units += indexes * startedKilobytes(write);
  }
  return units;
}

/** A Put's size from its item as DynamoDB sizes it (itemBytes); updates and checks count as 1 KB. */
function startedKilobytes(item: TransactItem): number {
  if (!item.Put?.Item) return 1;
  return Math.max(1, Math.ceil(itemBytes(item.Put.Item as Record<string, unknown>) / 1024));
}

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

/**
 * Write units of a TransactWriteItems as DynamoDB bills them: 2 per item per started KB.
 * DynamoDB Local reports a flat 2 for any transaction, which would hide what each item costs.
 */
export function transactionWriteUnits(items: readonly TransactItem[]): number {
  return items.reduce((sum, item) => sum + 2 * startedKilobytes(item), 0);
}

/**
 * Asks DynamoDB for ReturnConsumedCapacity on every call and adds it, with the keys of the items
 * written, to the open scope (benchmarks and the authorization tests only). A write that fails
 * (a condition, a cancelled transaction) throws before anything is recorded.
 */
export function trackConsumedCapacity(client: DynamoDBClient): void {
  // In the build step, after the document client's marshalling (just before serialization): the
  // calls are recorded as DynamoDB receives them, so that they can be sent again as they are.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope) return next(args);
      const depth = scope.answeredDepth + 1;
      scope.serialRoundTrips = Math.max(scope.serialRoundTrips, depth);
      scope.calls.push({
        commandName: context.commandName ?? '',
        input: structuredClone(args.input),
        roundTrip: depth,
      });
      try {
        return await next(args);
      } finally {
        scope.answeredDepth = Math.max(scope.answeredDepth, depth);
      }
    },
    { step: 'build', name: 'recordDynamoDbCalls', priority: 'high' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const gsi = gsiWriteUnits(context.commandName ?? '', args.input);
      scope.gsiWriteUnits += gsi;
      scope.write += gsi;
      if (context.commandName === 'TransactWriteItemsCommand') {
        const items = (args.input as { TransactItems?: TransactItem[] }).TransactItems ?? [];
        scope.write += transactionWriteUnits(items);
        scope.items += items.length;
        scope.written.push(...items.flatMap((item) => writtenKey(item) ?? []));
        return result;
      }
      if (SINGLE_WRITES.has(context.commandName ?? '')) {
        scope.items += 1;
        const input = args.input as { Item?: KeyAttributes; Key?: KeyAttributes };
        scope.written.push(itemKey(input.Item ?? input.Key ?? {}));
      }
      const consumed = (result.output as { ConsumedCapacity?: CapacityUnits | CapacityUnits[] }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (sum, c) => sum + (c.CapacityUnits ?? 0),
        0,
      );
      if (READS.has(context.commandName ?? '')) scope.read += units;
      else scope.write += units;
      return result;
    },
    { step: 'initialize', name: 'trackConsumedCapacity' },
  );
}
