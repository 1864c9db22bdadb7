import type { FromSchema } from 'json-schema-to-ts';
import type { paymentLink } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The payment-links group's entities: each owns its keys and index keys, stamps what it writes with
 * its type and schema version and parses what is read back (core/db/entity.ts). One table holds
 * every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - payment link: PK PAYMENTLINK#<id>, SK PAYMENTLINK
 *   GSI1 MERCHANTLINKS#<merchantId>, <createdAt>#<id>
 *   serves: get, summary, archive; a merchant's links, newest first; payment requests made through it
 * - link count: PK PAYMENTLINKS#<merchantId>, SK COUNT
 *   serves: how many links of a merchant are not archived (MAX_ACTIVE_PAYMENT_LINKS)
 */

export type PaymentLink = FromSchema<typeof paymentLink>;
/** Stored form: the merchant's account (whose keys act on the link) and a version for conditional state changes. */
export type StoredPaymentLink = PaymentLink & { merchantAccountId: string; version: number };

const paymentLinkKey = (id: string): TableKey => ({ PK: `PAYMENTLINK#${id}`, SK: 'PAYMENTLINK' });
export const merchantLinksPartition = (merchantId: string) => `MERCHANTLINKS#${merchantId}`;

export const paymentLinkEntity = defineEntity<StoredPaymentLink, [id: string]>({
  type: 'payment-link',
  version: 1,
  key: paymentLinkKey,
  keyOf: (link) => paymentLinkKey(link.id),
  indexes: (link) => ({ GSI1PK: merchantLinksPartition(link.merchantId), GSI1SK: `${link.createdAt}#${link.id}` }),
  required: [
    'id',
    'status',
    'name',
    'merchantId',
    'merchantAccountId',
    'test',
    'createdBy',
    'createdAt',
    'updatedBy',
    'updatedAt',
    'version',
  ],
});

/** The item counting a merchant's links that are not archived. */
export const activeLinkCountKey = (merchantId: string): TableKey => ({ PK: `PAYMENTLINKS#${merchantId}`, SK: 'COUNT' });
