import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface ConsumedCapacity {
  read: number;
  write: number;
  /** Items written (a transaction counts each of its items). */
  items: number;
  /** Keys of the items written, condition checks excluded (so a test can tell what a call changed). */
  written: ItemKey[];
}

export interface ItemKey {
  PK: string;
  SK: string;
}

/** The request being measured; the local gateway opens one scope per request when measuring. */
export const capacityScope = new AsyncLocalStorage<ConsumedCapacity>();

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);
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

/** A Put's size from its item (JSON as an estimate of DynamoDB's size); updates and checks count as 1 KB. */
function startedKilobytes(item: TransactItem): number {
  if (!item.Put?.Item) return 1;
  const bytes = Buffer.byteLength(JSON.stringify(item.Put.Item, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
  return Math.max(1, Math.ceil(bytes / 1024));
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
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
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
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (READS.has(context.commandName ?? '')) scope.read += units;
      else scope.write += units;
      return result;
    },
    { step: 'initialize', name: 'trackConsumedCapacity' },
  );
}
