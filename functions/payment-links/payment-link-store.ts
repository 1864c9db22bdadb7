import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  activeLinkCountKey,
  merchantLinksPartition,
  paymentLinkEntity,
  type PaymentLink,
  type StoredPaymentLink,
} from './entities';
import { paymentLink, paymentLinkSummary } from './schemas';
import { config } from '../core/config';
import { boundedCountStep } from '../core/db/bounded-count';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';

const table = () => config().tableName;
const LIMIT_CODE = 'PAYMENT_LINK_LIMIT_EXCEEDED';

/** How many links of one merchant may be in use (not archived) at once. */
export const MAX_ACTIVE_PAYMENT_LINKS = 500;

/** Writes a new link and counts it on its merchant, in one transaction (PAYMENT_LINK_LIMIT_EXCEEDED past the limit). */
export async function insertPaymentLink(link: StoredPaymentLink): Promise<void> {
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table(),
          Item: paymentLinkEntity.item(link),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    boundedCountStep(activeLinkCountKey(link.merchantId), 1, MAX_ACTIVE_PAYMENT_LINKS, LIMIT_CODE),
  ]);
}

export async function findPaymentLink(id: string): Promise<StoredPaymentLink | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: paymentLinkEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? paymentLinkEntity.parse(out.Item) : undefined;
}

/**
 * created → archived, conditional on the version read (a concurrent change conflicts and is
 * retried), in one transaction with the merchant's count of links in use.
 */
export async function archiveLink(current: StoredPaymentLink, at: string, by: string): Promise<StoredPaymentLink> {
  const stored: StoredPaymentLink = {
    ...current,
    status: 'archived',
    updatedAt: at,
    updatedBy: by,
    version: current.version + 1,
  };
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table(),
          Item: paymentLinkEntity.item(stored),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        },
      },
      onConditionFailed: () => new TransactionConflictError(),
    },
    boundedCountStep(activeLinkCountKey(current.merchantId), -1, MAX_ACTIVE_PAYMENT_LINKS, LIMIT_CODE),
  ]);
  return stored;
}

export function listPaymentLinks(
  merchantId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<PaymentLink>> {
  return newestFirstPage(merchantLinksPartition(merchantId), page, (item) => present(paymentLinkEntity.parse(item)));
}

/**
 * The step of a payment request's creating transaction that makes it the link's request: it
 * commits only while the link exists, is not archived and is the request's merchant's, so a link
 * archived meanwhile takes no request; otherwise the request is refused like a missing link.
 */
export function attachPaymentRequestStep(
  linkId: string,
  request: { id: string; merchantId: string; createdAt: string; createdBy: string },
): TransactionStep {
  return {
    item: {
      Update: {
        TableName: table(),
        Key: paymentLinkEntity.key(linkId),
        UpdateExpression: 'SET paymentRequestId = :request, updatedAt = :at, updatedBy = :by ADD version :one',
        ConditionExpression: 'entity = :entity AND #status = :created AND merchantId = :merchant',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':request': request.id,
          ':at': request.createdAt,
          ':by': request.createdBy,
          ':one': 1,
          ':entity': paymentLinkEntity.type,
          ':created': 'created',
          ':merchant': request.merchantId,
        },
      },
    },
    onConditionFailed: () => forbidden(),
  };
}

export const present = (link: StoredPaymentLink | PaymentLink): PaymentLink =>
  publicView<PaymentLink>(paymentLink, link);
export const presentSummary = (link: StoredPaymentLink) =>
  publicView<Record<string, unknown>>(paymentLinkSummary, link);
