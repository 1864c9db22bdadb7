import type { FromSchema } from 'json-schema-to-ts';
import type { integrationRequest } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The integration-requests group's entities (core/db/entity.ts). Nothing else builds these keys.
 *
 * - integration request: PK INTEGRATIONREQUEST#<id>, SK INTEGRATIONREQUEST
 *   GSI1 ACCOUNTINTEGRATIONREQUESTS#<accountId>, <createdAt>#<id>
 *   GSI2 PENDINGINTEGRATIONREQUESTS, <createdAt>#<id>, only while pending (since version 2)
 *   serves: get; an account's requests; every account's pending ones (the operator's queue)
 * - integration grant: PK INTEGRATIONGRANT#<merchantId>#<accountId>, SK REQUEST#<requestId>
 *   serves: may the account serve the merchant (one Query)
 * - request count: PK INTEGRATIONREQUESTCOUNT#<accountId>, SK COUNT
 *   serves: an account's requests, at most MAX_REQUESTS_PER_ACCOUNT
 *
 * A grant item exists exactly while its request is active: written in the activating transaction,
 * deleted in the deleting one.
 */

export type IntegrationRequest = FromSchema<typeof integrationRequest>;
/** Stored form: the merchant's account (the other party) and a version for conditional changes. */
export type StoredIntegrationRequest = IntegrationRequest & { merchantAccountId: string; version: number };

export interface IntegrationGrant {
  merchantId: string;
  accountId: string;
  integrationRequestId: string;
}

/** How many integration requests an account may hold at once. */
export const MAX_REQUESTS_PER_ACCOUNT = 200;

const requestKey = (id: string): TableKey => ({ PK: `INTEGRATIONREQUEST#${id}`, SK: 'INTEGRATIONREQUEST' });
export const accountRequestsPartition = (accountId: string) => `ACCOUNTINTEGRATIONREQUESTS#${accountId}`;
export const PENDING_REQUESTS_PARTITION = 'PENDINGINTEGRATIONREQUESTS';
export const grantPartition = (merchantId: string, accountId: string) => `INTEGRATIONGRANT#${merchantId}#${accountId}`;
const grantKey = (grant: IntegrationGrant): TableKey => ({
  PK: grantPartition(grant.merchantId, grant.accountId),
  SK: `REQUEST#${grant.integrationRequestId}`,
});
export const requestCountKey = (accountId: string): TableKey => ({
  PK: `INTEGRATIONREQUESTCOUNT#${accountId}`,
  SK: 'COUNT',
});

export const integrationRequestEntity = defineEntity<StoredIntegrationRequest, [id: string]>({
  type: 'integration-request',
  version: 2,
  key: requestKey,
  keyOf: (r) => requestKey(r.id),
  indexes: (r) => ({
    GSI1PK: accountRequestsPartition(r.accountId),
    GSI1SK: `${r.createdAt}#${r.id}`,
    // A request leaves the queue when it is activated (the write replaces the item) or deleted.
    ...(r.status === 'pending' ? { GSI2PK: PENDING_REQUESTS_PARTITION, GSI2SK: `${r.createdAt}#${r.id}` } : {}),
  }),
  // Version 1 carried no queue entry: `npm run admin -- migrate-integration-queue` writes it.
  upgrade: (item) => item,
  required: [
    'id',
    'accountId',
    'merchantId',
    'merchantAccountId',
    'type',
    'status',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
    'version',
  ],
});

export const integrationGrantEntity = defineEntity<IntegrationGrant, [grant: IntegrationGrant]>({
  type: 'integration-grant',
  version: 1,
  key: grantKey,
  keyOf: grantKey,
  required: ['merchantId', 'accountId', 'integrationRequestId'],
});
