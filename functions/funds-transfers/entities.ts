import type { FromSchema } from 'json-schema-to-ts';
import type { assetTransaction, fundsTransfer } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The funds-transfers group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). One table
 * holds every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - funds transfer: PK FUNDSTRANSFER#<id>, SK FUNDSTRANSFER
 *   GSI1 ACCOUNTTOPUPS#<accountId> or ACCOUNTWITHDRAWALS#<accountId>, <createdAt>#<id>
 *   GSI2 (a top up while `settled` only) SETTLEDTOPUPS#<bankAccountId>, <createdAt>#<id>
 *   serves: get; an account's top ups; an account's withdrawals; the top ups a bank account's verification credits
 * - asset activity: PK ASSETACTIVITY#<txnId>, SK ASSETACTIVITY
 *   GSI1 BANKACCOUNTACTIVITIES#<bankAccountId>, <createdAt>#<txnId>
 *   serves: what funds transfers moved through a bank account
 */

export type FundsTransfer = FromSchema<typeof fundsTransfer>;
export type FundsTransferType = FundsTransfer['type'];

export type StoredFundsTransfer = FundsTransfer & {
  test: boolean;
  createdBy: string;
  currency: string;
  /** The bank account as its activities show it: the number, its account digits masked. */
  bankParty: string;
  version: number;
  /** When the simulated bank settles by itself (on the account's clock). */
  settleAt: string;
  /** A withdrawal's two-phase transfer, holding its amount from creation. */
  pendingTransferId?: string;
};

const transferKey = (id: string): TableKey => ({ PK: `FUNDSTRANSFER#${id}`, SK: 'FUNDSTRANSFER' });
export const accountTransfersPartition = (type: FundsTransferType, accountId: string) =>
  `${type === 'topup' ? 'ACCOUNTTOPUPS' : 'ACCOUNTWITHDRAWALS'}#${accountId}`;

export const settledTopupsPartition = (bankAccountId: string) => `SETTLEDTOPUPS#${bankAccountId}`;

export const fundsTransferEntity = defineEntity<StoredFundsTransfer, [id: string]>({
  type: 'funds-transfer',
  version: 2,
  key: transferKey,
  keyOf: (t) => transferKey(t.id),
  indexes: (t) => ({
    GSI1PK: accountTransfersPartition(t.type, t.accountId),
    GSI1SK: `${t.createdAt}#${t.id}`,
    // Sparse: a top up is listed under its bank account only while it waits for the bank account's verification.
    ...(t.status === 'settled'
      ? { GSI2PK: settledTopupsPartition(t.bankAccountId), GSI2SK: `${t.createdAt}#${t.id}` }
      : {}),
  }),
  // Version 1 kept where the bank was (`bankState`) beside `status`: a settled top up waiting for its
  // bank account's verification read `created`; it is `settled` now.
  upgrade: ({ bankState, ...item }) =>
    item.status === 'created' && bankState === 'settled' ? { ...item, status: 'settled' } : item,
  required: [
    'id',
    'type',
    'assetId',
    'bankAccountId',
    'accountId',
    'amount',
    'currency',
    'bankParty',
    'status',
    'test',
    'version',
    'settleAt',
    'createdAt',
    'createdBy',
    'updatedAt',
  ],
});

/** A movement a funds transfer made on its asset, recorded with its bank account (written with the movement). */
export type AssetActivity = Omit<FromSchema<typeof assetTransaction>, 'activityNumber'> & {
  id: string;
  bankAccountId: string;
  accountId: string;
};

const activityKey = (id: string): TableKey => ({ PK: `ASSETACTIVITY#${id}`, SK: 'ASSETACTIVITY' });
export const bankAccountActivitiesPartition = (bankAccountId: string) => `BANKACCOUNTACTIVITIES#${bankAccountId}`;
export const bankAccountActivitySortKey = (activity: Pick<AssetActivity, 'createdAt' | 'id'>) =>
  `${activity.createdAt}#${activity.id}`;

export const assetActivityEntity = defineEntity<AssetActivity, [id: string]>({
  type: 'asset-activity',
  version: 1,
  key: activityKey,
  keyOf: (a) => activityKey(a.id),
  indexes: (a) => ({ GSI1PK: bankAccountActivitiesPartition(a.bankAccountId), GSI1SK: bankAccountActivitySortKey(a) }),
  required: [
    'id',
    'assetId',
    'accountId',
    'bankAccountId',
    'activityType',
    'type',
    'kind',
    'amount',
    'createdAt',
    'createdBy',
  ],
});
