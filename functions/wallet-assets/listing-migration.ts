import { migrateEntries } from '../core/db/migration';
import { accountAssetsPartition, walletAssetEntity } from './entities';

/** Version 1 of a wallet's base item: its listing entry on GSI1, which projects every attribute. */
const LISTED_ON_GSI1 = 1;

/**
 * Moves every wallet of version 1 to version 2: its listing entry from GSI1 to the keys-only GSI3, under the same
 * partition and sort key, so its balance changes stop rewriting an index entry (docs/operations.md, "Index
 * migrations"). The engine's balance updates touch none of these attributes: it runs beside live traffic.
 */
export const moveWalletListingEntries = () =>
  migrateEntries(
    {
      index: 'GSI1',
      filter: 'begins_with(GSI1PK, :prefix) AND #v = :v1',
      names: { '#v': 'v' },
      values: { ':prefix': accountAssetsPartition(''), ':v1': LISTED_ON_GSI1 },
      reads: ['GSI1PK', 'GSI1SK'],
    },
    (entry) => ({
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
