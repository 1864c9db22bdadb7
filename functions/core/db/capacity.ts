import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface ConsumedCapacity {
  read: number;
  write: number;
}

/** The request being measured; the local gateway opens one scope per request when measuring. */
export const capacityScope = new AsyncLocalStorage<ConsumedCapacity>();

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);

interface CapacityUnits {
  CapacityUnits?: number;
}

/** Asks DynamoDB for ReturnConsumedCapacity on every call and adds it to the open scope (benchmarks only). */
export function trackConsumedCapacity(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const scope = capacityScope.getStore();
      if (!scope) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: CapacityUnits | CapacityUnits[] }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (READS.has(context.commandName ?? '')) scope.read += units;
      else scope.write += units;
      return result;
    },
    { step: 'initialize', name: 'trackConsumedCapacity' },
  );
}
