import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ScanCommand, UpdateCommand } from './document';
import { config } from '../config';
import { db } from './client';

/** Which index entries a migration visits: one Scan of `index` (sparse: only items with its keys), filtered. */
export interface MigrationScan {
  index: 'GSI1' | 'GSI2' | 'GSI3';
  filter: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** The attributes `change` reads of each entry, besides PK and SK. */
  reads: readonly string[];
}

/** An UpdateItem's expression for one entry the scan saw: conditional on what it saw, so it applies once. */
type Change = Pick<
  UpdateCommandInput,
  'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

/**
 * An index migration (docs/operations.md, "Index migrations"): every entry the scan finds changed by one UpdateItem,
 * conditional on what the scan saw, so an item moved already (by an earlier or a concurrent run, or by a live write
 * since) is left alone and counted as such. Safe beside live traffic, and to run again.
 */
export async function migrateEntries(
  scan: MigrationScan,
  change: (entry: Record<string, unknown>) => Change,
): Promise<{ moved: number; alreadyMoved: number }> {
  const table = config().tableName;
  let moved = 0;
  let alreadyMoved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: table,
        IndexName: scan.index,
        FilterExpression: scan.filter,
        ExpressionAttributeNames: scan.names,
        ExpressionAttributeValues: scan.values,
        ProjectionExpression: ['PK', 'SK', ...scan.reads].join(', '),
        ExclusiveStartKey: start,
      }),
    );
    for (const entry of out.Items ?? []) {
      try {
        await db().send(new UpdateCommand({ TableName: table, Key: { PK: entry.PK, SK: entry.SK }, ...change(entry) }));
        moved++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        alreadyMoved++;
      }
    }
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return { moved, alreadyMoved };
}
