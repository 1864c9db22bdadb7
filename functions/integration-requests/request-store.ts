import {
  accountRequestsPartition,
  integrationGrantEntity,
  integrationRequestEntity,
  MAX_REQUESTS_PER_ACCOUNT,
  PENDING_REQUESTS_PARTITION,
  requestCountKey,
  type IntegrationGrant,
  type IntegrationRequest,
  type StoredIntegrationRequest,
} from './entities';
import { integrationRequest } from './schemas';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView, versionIs } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError } from '../core/db/transaction';
import { operationsNotice } from '../core/notifications/outbox';

/**
 * The record, the account's count (conditional on staying within its limit) and the email that submits the
 * request to its provider through the operations desk; one transaction.
 */
export async function insertRequest(request: StoredIntegrationRequest, test: boolean): Promise<void> {
  await runTransaction([
    integrationRequestEntity.createStep(request),
    providerNotice(request, test),
    boundedCountStep(
      requestCountKey(request.accountId),
      1,
      MAX_REQUESTS_PER_ACCOUNT,
      'INTEGRATION_REQUEST_LIMIT_EXCEEDED',
      'requests',
    ),
  ]);
}

function providerNotice(request: StoredIntegrationRequest, test: boolean) {
  return operationsNotice(
    {
      template: 'integration-request',
      data: {
        integrationRequestId: request.id,
        type: request.type,
        accountId: request.accountId,
        merchantId: request.merchantId,
        ...(request.terminal?.terminalId ? { terminalId: request.terminal.terminalId } : {}),
        ...(request.terminal?.deviceId ? { deviceId: request.terminal.deviceId } : {}),
        ...(request.product?.name ? { product: request.product.name } : {}),
      },
      subject: { kind: 'integration-request', id: request.id },
      test,
    },
    request.createdAt,
  );
}

const grantOf = (request: StoredIntegrationRequest): IntegrationGrant => ({
  merchantId: request.merchantId,
  accountId: request.accountId,
  integrationRequestId: request.id,
});

/**
 * Writes the request's next state, conditional on the version read; a request becoming active writes its grant in the
 * same transaction, so the grant exists exactly while the request is active.
 */
export async function replaceRequest(
  current: StoredIntegrationRequest,
  changes: Partial<StoredIntegrationRequest>,
): Promise<StoredIntegrationRequest> {
  const replace = integrationRequestEntity.replaceStep(current, { ...current, ...changes });
  const next = replace.record;
  const activating = current.status !== 'active' && next.status === 'active';
  await runTransaction([replace, ...(activating ? [integrationGrantEntity.putStep(grantOf(next))] : [])]);
  return next;
}

/**
 * Removes the request, its grant and its place in the account's
 * count; one transaction, conditional on the version read.
 */
export async function deleteRequest(request: StoredIntegrationRequest): Promise<void> {
  await runTransaction([
    integrationRequestEntity.removeStep([request.id], {
      if: versionIs(request.version),
      onConditionFailed: () => new TransactionConflictError(),
    }),
    ...(request.status === 'active' ? [integrationGrantEntity.removeStep([grantOf(request)])] : []),
    boundedCountStep(
      requestCountKey(request.accountId),
      -1,
      MAX_REQUESTS_PER_ACCOUNT,
      'INTEGRATION_REQUEST_LIMIT_EXCEEDED',
      'requests',
    ),
  ]);
}

/**
 * Requests newest first, of one type and pending only where asked: an account's, or with no account every account's
 * pending ones (the queue holds only those, so a page reads no other account's history).
 */
export async function listRequests(
  accountId: string | undefined,
  query: { type?: IntegrationRequest['type']; pending?: boolean; pageKey?: string; paginationLimit?: number },
): Promise<Page<IntegrationRequest>> {
  const pendingOnly = query.pending && accountId !== undefined;
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.type) {
    filters.push('#type = :type');
    values[':type'] = query.type;
  }
  if (pendingOnly) {
    filters.push('#status = :pending');
    values[':pending'] = 'pending';
  }
  const names = { ...(query.type ? { '#type': 'type' } : {}), ...(pendingOnly ? { '#status': 'status' } : {}) };
  const listed = await integrationRequestEntity.page(
    {
      ...(accountId
        ? { partition: accountRequestsPartition(accountId), index: 'GSI1' }
        : { partition: PENDING_REQUESTS_PARTITION, index: 'GSI2' }),
      ...(filters.length ? { filter: { expression: filters.join(' AND '), names, values } } : {}),
    },
    query,
  );
  return { ...listed, items: listed.items.map(present) };
}

export const present = (request: IntegrationRequest): IntegrationRequest =>
  publicView<IntegrationRequest>(integrationRequest, request);
