import type { FromSchema } from 'json-schema-to-ts';
import type { settlement } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The settlements group's entities: each owns its keys and index keys, stamps what it writes with its type and
 * schema version and parses what is read back (core/db/entity.ts). Nothing else builds these keys.
 *
 * - settlement: PK SETTLEMENT#<id>, SK SETTLEMENT (the id derives from the wallet and the period's start, so a
 *   period is settled once)
 *   GSI1 MERCHANTSETTLEMENTS#<merchantId>, <createdAt>#<id>
 *   GSI2 SETTLEMENTSAWAITING#<walletId>, <bankSettlesAt>#<id> (only while awaiting the bank)
 *   serves: a merchant's settlements, newest first; a wallet's payouts the bank has yet to settle
 * - settlement cursor: PK SETTLEMENTCURSOR#<walletId>, SK CURSOR
 *   serves: where a wallet's next settlement period starts (its movements before it are settled)
 */

export type Settlement = FromSchema<typeof settlement>;

export type StoredSettlement = Settlement & {
  accountId: string;
  /** When the bank settles the payout (on the merchant account's clock). */
  bankSettlesAt: string;
  version: number;
};

const settlementKey = (id: string): TableKey => ({ PK: `SETTLEMENT#${id}`, SK: 'SETTLEMENT' });
export const merchantSettlementsPartition = (merchantId: string) => `MERCHANTSETTLEMENTS#${merchantId}`;
export const awaitingPartition = (walletId: string) => `SETTLEMENTSAWAITING#${walletId}`;

export const settlementEntity = defineEntity<StoredSettlement, [id: string]>({
  type: 'settlement',
  version: 1,
  key: settlementKey,
  keyOf: (s) => settlementKey(s.id),
  indexes: (s) => ({
    GSI1PK: merchantSettlementsPartition(s.merchantId),
    GSI1SK: `${s.createdAt}#${s.id}`,
    ...(s.status === 'awaiting-confirmation'
      ? { GSI2PK: awaitingPartition(s.walletId), GSI2SK: `${s.bankSettlesAt}#${s.id}` }
      : {}),
  }),
  required: [
    'id',
    'merchantId',
    'accountId',
    'walletId',
    'status',
    'assetType',
    'currency',
    'settlementAmount',
    'settlementBankAccountId',
    'settlementBankTransferId',
    'periodStart',
    'periodEnd',
    'type',
    'test',
    'bankSettlesAt',
    'createdAt',
    'createdBy',
    'version',
  ],
});

/** Where a wallet's next settlement period starts: every movement before `settledThrough` is settled. */
export interface SettlementCursor {
  walletId: string;
  settledThrough: string;
  version: number;
}

const cursorKey = (walletId: string): TableKey => ({ PK: `SETTLEMENTCURSOR#${walletId}`, SK: 'CURSOR' });

export const settlementCursorEntity = defineEntity<SettlementCursor, [walletId: string]>({
  type: 'settlement-cursor',
  version: 1,
  key: cursorKey,
  keyOf: (c) => cursorKey(c.walletId),
  required: ['walletId', 'settledThrough', 'version'],
});
