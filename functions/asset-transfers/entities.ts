import type { FromSchema } from 'json-schema-to-ts';
import type { assetTransfer } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The asset-transfers group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). One table
 * holds every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - asset transfer: PK ASSETTRANSFER#<id>, SK ASSETTRANSFER
 *   GSI1 SENTTRANSFERS#<senderAccountId>, <createdAt>#<id>
 *   GSI2 ALIASTRANSFERS#<alias>, <createdAt>#<id> while it awaits that alias
 *   serves: get; a sender's transfers; what a new account may resolve
 * - claim: PK ASSETTRANSFER#<id>, SK CLAIM#<accountId>
 *   GSI2 RECEIVEDTRANSFERS#<accountId>, <createdAt>#<id>
 *   serves: an account's claims of a transfer (claim conditions); transfers an account received
 * - verified alias: PK ALIAS#<alias>, SK ALIAS
 *   GSI1 ACCOUNTALIASES#<accountId>, <alias>
 *   serves: one account per alias; an account's aliases
 */

export type AssetTransfer = FromSchema<typeof assetTransfer>;

/** What a transfer holds besides its public view: the pending transfer that holds its value, and when it goes back. */
export type StoredAssetTransfer = AssetTransfer & {
  version: number;
  /** `money` moves in part from a wallet; a `token` moves whole. */
  assetKind: 'money' | 'token';
  currency: string;
  liveness: 'main' | 'test';
  /** The two-phase transfer reserving the value on the sender's asset from creation. */
  pendingTransferId: string;
  /** When an unclaimed (or expired) transfer goes back to the sender: two weeks on, or at `expiresAt` if later. */
  returnAt: string;
  /** The full alias while the transfer awaits it (responses mask it; it is scrubbed on completion). */
  awaitingAlias?: string;
  claimCount: number;
  returnedAt?: string;
};

/** Until when a transfer may be claimed: its own `expiresAt`, else until it goes back. */
export const claimBy = (transfer: Pick<StoredAssetTransfer, 'expiresAt' | 'returnAt'>): string =>
  transfer.expiresAt ?? transfer.returnAt;

const transferKey = (id: string): TableKey => ({ PK: `ASSETTRANSFER#${id}`, SK: 'ASSETTRANSFER' });
export const sentTransfersPartition = (accountId: string) => `SENTTRANSFERS#${accountId}`;
export const aliasTransfersPartition = (alias: string) => `ALIASTRANSFERS#${alias}`;
export const receivedTransfersPartition = (accountId: string) => `RECEIVEDTRANSFERS#${accountId}`;

export const assetTransferEntity = defineEntity<StoredAssetTransfer, [id: string]>({
  type: 'asset-transfer',
  version: 1,
  key: transferKey,
  keyOf: (t) => transferKey(t.id),
  indexes: (t) => ({
    GSI1PK: sentTransfersPartition(t.senderAccountId),
    GSI1SK: `${t.createdAt}#${t.id}`,
    ...(t.awaitingAlias ? { GSI2PK: aliasTransfersPartition(t.awaitingAlias), GSI2SK: `${t.createdAt}#${t.id}` } : {}),
  }),
  required: [
    'id',
    'status',
    'value',
    'assetId',
    'assetType',
    'senderAccountId',
    'createdAt',
    'updatedAt',
    'claimType',
    'remainingValue',
    'version',
    'assetKind',
    'currency',
    'liveness',
    'pendingTransferId',
    'returnAt',
    'claimCount',
  ],
});

/** One account's claims of one transfer: how many (claim conditions) and how much. */
export interface Claim {
  assetTransferId: string;
  accountId: string;
  claims: number;
  amount: string;
  /** The transfer's creation, so an account's received transfers list in the senders' order. */
  transferCreatedAt: string;
  claimedAt: string;
}

const claimKey = (assetTransferId: string, accountId: string): TableKey => ({
  PK: `ASSETTRANSFER#${assetTransferId}`,
  SK: `CLAIM#${accountId}`,
});

export const claimEntity = defineEntity<Claim, [assetTransferId: string, accountId: string]>({
  type: 'asset-transfer-claim',
  version: 1,
  key: claimKey,
  keyOf: (c) => claimKey(c.assetTransferId, c.accountId),
  indexes: (c) => ({
    GSI2PK: receivedTransfersPartition(c.accountId),
    GSI2SK: `${c.transferCreatedAt}#${c.assetTransferId}`,
  }),
  required: ['assetTransferId', 'accountId', 'claims', 'amount', 'transferCreatedAt', 'claimedAt'],
});

/** An alias verified for an account (the platform operator records it, standing in for phone or email verification). */
export interface VerifiedAlias {
  alias: string;
  accountId: string;
  verifiedAt: string;
  verifiedBy: string;
}

const aliasKey = (alias: string): TableKey => ({ PK: `ALIAS#${alias}`, SK: 'ALIAS' });
export const accountAliasesPartition = (accountId: string) => `ACCOUNTALIASES#${accountId}`;

export const verifiedAliasEntity = defineEntity<VerifiedAlias, [alias: string]>({
  type: 'verified-alias',
  version: 1,
  key: aliasKey,
  keyOf: (a) => aliasKey(a.alias),
  indexes: (a) => ({ GSI1PK: accountAliasesPartition(a.accountId), GSI1SK: a.alias }),
  required: ['alias', 'accountId', 'verifiedAt', 'verifiedBy'],
});
