import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { DuplicateTransferError } from '../core/ledger/transfers';
import {
  accountTransfersPartition,
  assetActivityEntity,
  fundsTransferEntity,
  type AssetActivity,
  type FundsTransfer,
  type FundsTransferType,
  type StoredFundsTransfer,
} from './entities';
import { fundsTransfer } from './schemas';

/** Bare-array listings (top ups) answer at most this many, newest first. */
export const MAX_LISTED_TOPUPS = 100;

/** Writes a new transfer; its id derives from an idempotency key when one is given, so a retry meets it. */
export const insertStep = (transfer: StoredFundsTransfer): TransactionStep =>
  fundsTransferEntity.createStep(transfer, { onExists: () => new DuplicateTransferError(transfer.id) });

export const activityStep = (activity: AssetActivity): TransactionStep =>
  assetActivityEntity.createStep(activity, { onExists: () => new TransactionConflictError() });

export const present = (transfer: StoredFundsTransfer): FundsTransfer =>
  publicView<FundsTransfer>(fundsTransfer, transfer);

/** One page of an account's top ups or withdrawals, newest first. */
export function listTransfers(
  type: FundsTransferType,
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<StoredFundsTransfer>> {
  return fundsTransferEntity.page({ partition: accountTransfersPartition(type, accountId), index: 'GSI1' }, page);
}
