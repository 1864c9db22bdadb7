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
 *   serves: get; an account's top ups; an account's withdrawals
 * - asset activity: PK ASSETACTIVITY#<txnId>, SK ASSETACTIVITY
 *   GSI1 BANKACCOUNTACTIVITIES#<bankAccountId>, <createdAt>#<txnId>
 *   serves: what funds transfers moved through a bank account
 */

export type FundsTransfer = FromSchema<typeof fundsTransfer>;
export type FundsTransferType = FundsTransfer['type'];

/** Where the simulated bank is with a transfer: it has not paid or been paid yet, or it has. */
type BankState = 'pending' | 'settled';

export type StoredFundsTransfer = FundsTransfer & {
  test: boolean;
  createdBy: string;
  currency: string;
  /** The bank account as its activities show it: the number, its account digits masked. */
  bankParty: string;
  version: number;
  bankState: BankState;
  /** When the simulated bank settles by itself (on the account's clock). */
  settleAt: string;
  /** A withdrawal's two-phase transfer, holding its amount from creation. */
  pendingTransferId?: string;
};

const transferKey = (id: string): TableKey => ({ PK: `FUNDSTRANSFER#${id}`, SK: 'FUNDSTRANSFER' });
export const accountTransfersPartition = (type: FundsTransferType, accountId: string) =>
  `${type === 'topup' ? 'ACCOUNTTOPUPS' : 'ACCOUNTWITHDRAWALS'}#${accountId}`;

export const fundsTransferEntity = defineEntity<StoredFundsTransfer, [id: string]>({
  type: 'funds-transfer',
  version: 1,
  key: transferKey,
  keyOf: (t) => transferKey(t.id),
  indexes: (t) => ({ GSI1PK: accountTransfersPartition(t.type, t.accountId), GSI1SK: `${t.createdAt}#${t.id}` }),
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
    'bankState',
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
