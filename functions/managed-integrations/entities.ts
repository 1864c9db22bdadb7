import type { FromSchema } from 'json-schema-to-ts';
import type { managedIntegration } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The managed-integrations group's entities (core/db/entity.ts). Nothing else builds these keys.
 * An integration is the managing account's: its (type, externalId) names it within that account,
 * so two accounts' external ids never meet.
 *
 * - managed integration: PK MANAGEDINTEGRATION#<accountId>#<type>#<externalId>, SK MANAGEDINTEGRATION
 *   GSI1 ACCOUNTMANAGEDINTEGRATIONS#<accountId>, <createdAt>#<id>
 *   serves: get by type and external id; an account's integrations
 * - integration count: PK MANAGEDINTEGRATIONCOUNT#<accountId>, SK COUNT
 *   serves: at most MAX_INTEGRATIONS_PER_ACCOUNT
 * - claimed integration: PK MANAGEDINTEGRATIONCLAIM#<id>, SK CLAIM
 *   GSI1 ACCOUNTMANAGEDINTEGRATIONS#<claimedByAccountId>, <createdAt>#<id>
 *   serves: the claiming account's listing: a copy written with every write of a claimed integration
 */

export type ManagedIntegration = FromSchema<typeof managedIntegration>;
/** Stored form: the managing account and a version for conditional changes. */
export type StoredManagedIntegration = ManagedIntegration & { accountId: string; version: number };

/** How many managed integrations one account may hold. */
export const MAX_INTEGRATIONS_PER_ACCOUNT = 1000;

const integrationKey = (accountId: string, type: string, externalId: string): TableKey => ({
  PK: `MANAGEDINTEGRATION#${accountId}#${type}#${externalId}`,
  SK: 'MANAGEDINTEGRATION',
});
export const accountIntegrationsPartition = (accountId: string) => `ACCOUNTMANAGEDINTEGRATIONS#${accountId}`;
export const integrationCountKey = (accountId: string): TableKey => ({
  PK: `MANAGEDINTEGRATIONCOUNT#${accountId}`,
  SK: 'COUNT',
});

export const managedIntegrationEntity = defineEntity<
  StoredManagedIntegration,
  [accountId: string, type: string, externalId: string]
>({
  type: 'managed-integration',
  version: 1,
  key: integrationKey,
  keyOf: (i) => integrationKey(i.accountId, i.type, i.externalId),
  indexes: (i) => ({ GSI1PK: accountIntegrationsPartition(i.accountId), GSI1SK: `${i.createdAt}#${i.id}` }),
  required: [
    'id',
    'accountId',
    'type',
    'externalId',
    'enabled',
    'params',
    'status',
    'inProgress',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
    'version',
  ],
});

const claimKey = (id: string): TableKey => ({ PK: `MANAGEDINTEGRATIONCLAIM#${id}`, SK: 'CLAIM' });
export const claimedIntegrationEntity = defineEntity<StoredManagedIntegration, [id: string]>({
  type: 'claimed-managed-integration',
  version: 1,
  key: claimKey,
  keyOf: (i) => claimKey(i.id),
  indexes: (i) => ({ GSI1PK: accountIntegrationsPartition(i.claimedByAccountId!), GSI1SK: `${i.createdAt}#${i.id}` }),
  required: [...managedIntegrationEntity.required, 'claimedByAccountId'],
});
