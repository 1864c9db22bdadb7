import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand } from '../core/db/document';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { accountAssetsPartition, walletAssetEntity } from './entities';

/** Version 1 of a wallet's base item: its listing entry on GSI1, which projects every attribute. */
const LISTED_ON_GSI1 = 1;

/**
 * Moves every wallet of version 1 to version 2: its listing entry from GSI1 to the keys-only GSI3, under the same
 * partition and sort key, so its balance changes stop rewriting an index entry (docs/operations.md, "Index
 * migrations"). One Scan of GSI1 finds them (GSI1 is sparse: only items with its keys); each wallet is then one
 * UpdateItem conditional on the entry the scan saw, so one moved already, or by a concurrent run, is left alone.
 * The engine's balance updates touch none of these attributes: it runs beside live traffic, and again safely.
 */
export async function moveWalletListingEntries(): Promise<{ moved: number; alreadyMoved: number }> {
  const table = config().tableName;
  const prefix = accountAssetsPartition('');
  let moved = 0;
  let alreadyMoved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: table,
        IndexName: 'GSI1',
        FilterExpression: 'begins_with(GSI1PK, :prefix) AND #v = :v1',
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: { ':prefix': prefix, ':v1': LISTED_ON_GSI1 },
        ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK',
        ExclusiveStartKey: start,
      }),
    );
    for (const entry of out.Items ?? []) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: entry.PK, SK: entry.SK },
            UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk, #v = :v2 REMOVE GSI1PK, GSI1SK',
            ConditionExpression: '#v = :v1 AND GSI1PK = :pk AND GSI1SK = :sk',
            ExpressionAttributeNames: { '#v': 'v' },
            ExpressionAttributeValues: {
              ':pk': entry.GSI1PK,
              ':sk': entry.GSI1SK,
              ':v1': LISTED_ON_GSI1,
              ':v2': walletAssetEntity.version,
            },
          }),
        );
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
