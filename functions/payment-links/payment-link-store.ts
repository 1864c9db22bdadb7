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
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';

const LIMIT_CODE = 'PAYMENT_LINK_LIMIT_EXCEEDED';

/** How many links of one merchant may be in use (not archived) at once. */
export const MAX_ACTIVE_PAYMENT_LINKS = 500;

/** Writes a new link and counts it on its merchant, in one transaction (PAYMENT_LINK_LIMIT_EXCEEDED past the limit). */
export async function insertPaymentLink(link: StoredPaymentLink): Promise<void> {
  await runTransaction([
    paymentLinkEntity.createStep(link),
    boundedCountStep(activeLinkCountKey(link.merchantId), 1, MAX_ACTIVE_PAYMENT_LINKS, LIMIT_CODE),
  ]);
}

export const findPaymentLink = (id: string): Promise<StoredPaymentLink | undefined> => paymentLinkEntity.get(id);

/**
 * created → archived, conditional on the version read (a concurrent change conflicts and is
 * retried), in one transaction with the merchant's count of links in use.
 */
export async function archiveLink(current: StoredPaymentLink, at: string, by: string): Promise<StoredPaymentLink> {
  const replace = paymentLinkEntity.replaceStep(current, {
    ...current,
    status: 'archived',
    updatedAt: at,
    updatedBy: by,
  });
  await runTransaction([
    replace,
    boundedCountStep(activeLinkCountKey(current.merchantId), -1, MAX_ACTIVE_PAYMENT_LINKS, LIMIT_CODE),
  ]);
  return replace.record;
}

export async function listPaymentLinks(
  merchantId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<PaymentLink>> {
  const found = await paymentLinkEntity.page({ partition: merchantLinksPartition(merchantId), index: 'GSI1' }, page);
  return { ...found, items: found.items.map(present) };
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
  return paymentLinkEntity.updateStep([linkId], {
    set: { paymentRequestId: request.id, updatedAt: request.createdAt, updatedBy: request.createdBy },
    add: { version: 1 },
    if: {
      expression: 'entity = :entity AND #status = :created AND merchantId = :merchant',
      names: { '#status': 'status' },
      values: { ':entity': paymentLinkEntity.type, ':created': 'created', ':merchant': request.merchantId },
    },
    onConditionFailed: () => forbidden(),
  });
}

/** The page a payer opens: the link's own address, whichever payment request is current. */
const paymentLinkUrl = (id: string) => `${config().appBaseUrl}/payment-link/${id}`;

export const present = (link: StoredPaymentLink | PaymentLink): PaymentLink =>
  publicView<PaymentLink>(paymentLink, { ...link, url: paymentLinkUrl(link.id) });
export const presentSummary = (link: StoredPaymentLink) =>
  publicView<Record<string, unknown>>(paymentLinkSummary, link);
