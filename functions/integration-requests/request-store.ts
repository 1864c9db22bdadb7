import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  accountRequestsPartition,
  integrationGrantEntity,
  integrationRequestEntity,
  MAX_REQUESTS_PER_ACCOUNT,
  requestCountKey,
  type IntegrationGrant,
  type IntegrationRequest,
  type StoredIntegrationRequest,
} from './entities';
import { integrationRequest } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import { paginationLimit, queryPage, type Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';

const table = () => config().tableName;

/** The record and the account's count, conditional on the count staying within its limit; one transaction. */
export async function insertRequest(request: StoredIntegrationRequest): Promise<void> {
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table(),
          Item: integrationRequestEntity.item(request),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    boundedCountStep(
      requestCountKey(request.accountId),
      1,
      MAX_REQUESTS_PER_ACCOUNT,
      'INTEGRATION_REQUEST_LIMIT_EXCEEDED',
      'requests',
    ),
  ]);
}

export async function findRequest(id: string): Promise<StoredIntegrationRequest | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: integrationRequestEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? integrationRequestEntity.parse(out.Item) : undefined;
}

/** The step replacing a request with its next state, conditional on the version read. */
function replaceStep(current: StoredIntegrationRequest, next: StoredIntegrationRequest): TransactionStep {
  return {
    item: {
      Put: {
        TableName: table(),
        Item: integrationRequestEntity.item(next),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      },
    },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

const grantOf = (request: StoredIntegrationRequest): IntegrationGrant => ({
  merchantId: request.merchantId,
  accountId: request.accountId,
  integrationRequestId: request.id,
});

/**
 * Writes the request's next state; a request becoming active writes its grant in the same
 * transaction, so the grant exists exactly while the request is active.
 */
export async function replaceRequest(
  current: StoredIntegrationRequest,
  changes: Partial<StoredIntegrationRequest>,
): Promise<StoredIntegrationRequest> {
  const next = { ...current, ...changes, version: current.version + 1 };
  const activating = current.status !== 'active' && next.status === 'active';
  await runTransaction([
    replaceStep(current, next),
    ...(activating
      ? [{ item: { Put: { TableName: table(), Item: integrationGrantEntity.item(grantOf(next)) } } }]
      : []),
  ]);
  return next;
}

/** Removes the request, its grant and its place in the account's count; one transaction, conditional on the version read. */
export async function deleteRequest(request: StoredIntegrationRequest): Promise<void> {
  await runTransaction([
    {
      item: {
        Delete: {
          TableName: table(),
          Key: integrationRequestEntity.key(request.id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': request.version },
        },
      },
      onConditionFailed: () => new TransactionConflictError(),
    },
    ...(request.status === 'active'
      ? [{ item: { Delete: { TableName: table(), Key: integrationGrantEntity.key(grantOf(request)) } } }]
      : []),
    boundedCountStep(
      requestCountKey(request.accountId),
      -1,
      MAX_REQUESTS_PER_ACCOUNT,
      'INTEGRATION_REQUEST_LIMIT_EXCEEDED',
      'requests',
    ),
  ]);
}

/** An account's requests, newest first, of one type and pending only where asked. */
export function listRequests(
  accountId: string,
  query: { type?: IntegrationRequest['type']; pending?: boolean; pageKey?: string; paginationLimit?: number },
): Promise<Page<IntegrationRequest>> {
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': accountRequestsPartition(accountId) };
  if (query.type) {
    filters.push('#type = :type');
    values[':type'] = query.type;
  }
  if (query.pending) {
    filters.push('#status = :pending');
    values[':pending'] = 'pending';
  }
  const names = { ...(query.type ? { '#type': 'type' } : {}), ...(query.pending ? { '#status': 'status' } : {}) };
  return queryPage(
    {
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
    },
    {
      scope: accountRequestsPartition(accountId),
      limit: paginationLimit(query.paginationLimit),
      pageKey: query.pageKey,
      map: (item) => present(integrationRequestEntity.parse(item)),
    },
  );
}

export const present = (request: IntegrationRequest): IntegrationRequest =>
  publicView<IntegrationRequest>(integrationRequest, request);
