import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  accountIntegrationsPartition,
  claimedIntegrationEntity,
  integrationCountKey,
  managedIntegrationEntity,
  MAX_INTEGRATIONS_PER_ACCOUNT,
  type ManagedIntegration,
  type StoredManagedIntegration,
} from './entities';
import { managedIntegration } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';

const table = () => config().tableName;

export async function findIntegration(
  accountId: string,
  type: string,
  externalId: string,
): Promise<StoredManagedIntegration | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: table(),
      Key: managedIntegrationEntity.key(accountId, type, externalId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? managedIntegrationEntity.parse(out.Item) : undefined;
}

/**
 * Writes the integration with `steps` (an invitation issued or accepted with it): a new one with the
 * account's count (within its limit), an existing one conditional on the version read; a concurrent
 * writer's win is a conflict, retried by the caller. A claimed one's copy in the claiming account's
 * listing is written with it, so the two never differ.
 */
export async function saveIntegration(
  current: StoredManagedIntegration | undefined,
  next: StoredManagedIntegration,
  steps: TransactionStep[] = [],
): Promise<void> {
  const put = current
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
  await runTransaction([
    ...steps,
    {
      item: { Put: { TableName: table(), Item: managedIntegrationEntity.item(next), ...put } },
      onConditionFailed: () => new TransactionConflictError(),
    },
    ...(current
      ? []
      : [
          boundedCountStep(
            integrationCountKey(next.accountId),
            1,
            MAX_INTEGRATIONS_PER_ACCOUNT,
            'MANAGED_INTEGRATION_LIMIT_EXCEEDED',
            'integrations',
          ),
        ]),
    ...(next.claimedByAccountId
      ? [{ item: { Put: { TableName: table(), Item: claimedIntegrationEntity.item(next) } } }]
      : []),
  ]);
}

/** The integrations an account manages and those it claimed, newest first (one partition). */
export function listIntegrations(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<ManagedIntegration>> {
  return newestFirstPage(accountIntegrationsPartition(accountId), page, (item) =>
    present(
      (item.entity === claimedIntegrationEntity.type ? claimedIntegrationEntity : managedIntegrationEntity).parse(item),
    ),
  );
}

export const present = (integration: ManagedIntegration): ManagedIntegration =>
  publicView<ManagedIntegration>(managedIntegration, integration);
