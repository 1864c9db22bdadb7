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
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';

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
  await runTransaction([
    ...steps,
    current
      ? managedIntegrationEntity.replaceStep(current, next)
      : managedIntegrationEntity.createStep(next, { onExists: () => new TransactionConflictError() }),
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
    ...(next.claimedByAccountId ? [claimedIntegrationEntity.putStep(next)] : []),
  ]);
}

/**
 * The integrations an account manages and those it claimed, newest first (one partition of two
 * entities: an entity's own `page` parses only its own items).
 */
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
