import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationDirectory } from '../core/auth/integration-directory';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { grantPartition } from './entities';

/**
 * How core's authorization reads this group's active integrations: whether a grant item of the
 * merchant and the account exists, one consistent Query of at most one item. Kept apart from the
 * group's store so every group's bundle carries only this.
 */
export const integrationDirectory: IntegrationDirectory = {
  async servesMerchant(accountId, merchantId) {
    const out = await db().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': grantPartition(merchantId, accountId) },
        ConsistentRead: true,
        Limit: 1,
        ProjectionExpression: 'PK',
      }),
    );
    return (out.Items ?? []).length > 0;
  },
};
