import { findBankAccount } from '../bank-accounts';
import { isoTimestamp } from '../core/clock';
import { serviceCrn } from '../core/crn';
import { retryOnConflict, runTransaction, type TransactionStep } from '../core/db/transaction';
import { ApiError, businessRule } from '../core/errors/classes';
import { derivedId } from '../core/ids';
import {
  heldTransfer,
  postedTransfer,
  postPending,
  voidPending,
  type AssetSide,
  type PendingTransfer,
} from '../core/ledger/transfers';
import { ungated } from '../core/db/write-gate';
import { logger } from '../core/observability';
import { scheduleTimer } from '../core/timers';
import { fundsTransferEntity, type AssetActivity, type StoredFundsTransfer } from './entities';
import { activityStep } from './transfer-store';

/** What the bank can report about a transfer it has not settled yet. */
export type BankOutcome = 'settled' | 'failed' | 'aborted';

/**
 * The bank's clearing account for one currency on the platform's ledger: the counterpart of every
 * top up credited (money the bank paid in) and every withdrawal posted (money paid out).
 */
export const bankClearingAsset = (currency: string): AssetSide => ({
  assetId: `system-bank-clearing-${currency.toLowerCase()}`,
  mode: 'system',
});

/**
 * A settled top up waits for its bank account's verification; a
 * timer looks again daily for this long (reads look every time).
 */
const RELEASE_CHECK_SECONDS = 24 * 3600;
const RELEASE_CHECKS_FOR_SECONDS = 90 * 24 * 3600;

/** Who records the bank's side of a transfer. */
const BANK_CRN = serviceCrn('bank');

export const isHeld = (t: StoredFundsTransfer) =>
  t.type === 'topup' && t.status === 'created' && t.bankState === 'settled';
const isDue = (t: StoredFundsTransfer, now: Date) =>
  t.status === 'created' && t.bankState === 'pending' && Date.parse(t.settleAt) <= now.getTime();

const holding = (transfer: StoredFundsTransfer): Promise<PendingTransfer> =>
  heldTransfer(`withdrawal ${transfer.id}`, transfer.pendingTransferId);

/** The movement a transfer made on its asset, listed with its bank account's activities. */
function activity(transfer: StoredFundsTransfer, txnId: string, at: string): AssetActivity {
  const topup = transfer.type === 'topup';
  const clearing = bankClearingAsset(transfer.currency).assetId;
  return {
    id: txnId,
    assetId: transfer.assetId,
    accountId: transfer.accountId,
    bankAccountId: transfer.bankAccountId,
    ref: transfer.id,
    refType: transfer.type,
    type: topup ? 'increment-balance' : 'decrement-balance',
    kind: transfer.type,
    srcAssetId: topup ? clearing : transfer.assetId,
    destAssetId: topup ? transfer.assetId : clearing,
    otherParty: transfer.bankParty,
    amount: transfer.amount,
    currency: transfer.currency,
    activityType: topup ? 'value-in' : 'value-out',
    createdAt: at,
    createdBy: BANK_CRN,
  };
}

/**
 * The credit of a settled top up to its wallet: one posted transfer,
 * its id derived from the top up's, so it is written once.
 */
async function creditSteps(transfer: StoredFundsTransfer, at: string): Promise<TransactionStep[]> {
  const txnId = derivedId(undefined, transfer.id, 'credit');
  const credit = await postedTransfer(
    {
      id: txnId,
      kind: 'topup',
      debit: bankClearingAsset(transfer.currency),
      credit: { assetId: transfer.assetId, mode: 'single' },
      amount: BigInt(transfer.amount),
      currency: transfer.currency,
      liveness: transfer.test ? 'test' : 'main',
      refs: { topupId: transfer.id, bankAccountId: transfer.bankAccountId },
    },
    at,
  );
  return [...credit, activityStep(activity(transfer, txnId, at))];
}

/**
 * Applies what the bank reported about a transfer it had not settled, in one transaction with the
 * transfer's versioned update. A withdrawal's held amount is posted to the bank (settled) or voided
 * back to the wallet (failed, aborted). A settled top up is credited at once when its bank account
 * is verified, else held until it is. Concurrent reports: one wins, the others meet its state.
 */
export async function applyOutcome(
  transfer: StoredFundsTransfer,
  outcome: BankOutcome,
  now: Date,
): Promise<StoredFundsTransfer> {
  if (transfer.status !== 'created' || transfer.bankState !== 'pending')
    throw businessRule('FUNDS_TRANSFER_ALREADY_COMPLETE');
  const at = isoTimestamp(now);
  const steps: TransactionStep[] = [];
  let next: StoredFundsTransfer;
  if (outcome === 'settled') {
    next = { ...transfer, bankState: 'settled', updatedAt: at };
    if (transfer.type === 'withdrawal') {
      const txnId = derivedId(undefined, transfer.id, 'payout');
      next.status = 'done';
      const amount = BigInt(transfer.amount);
      steps.push(
        ...postPending(await holding(transfer), { id: txnId, amount, remaining: amount }, at),
        activityStep(activity(transfer, txnId, at)),
      );
    } else if ((await findBankAccount(transfer.bankAccountId))?.verified) {
      next.status = 'done';
      steps.push(...(await creditSteps(transfer, at)));
    }
  } else {
    next = { ...transfer, status: outcome, updatedAt: at };
    if (transfer.type === 'withdrawal')
      steps.push(...voidPending(await holding(transfer), BigInt(transfer.amount), at));
  }
  // Of concurrent outcomes one wins: the replace is conditional on the version read.
  const replace = fundsTransferEntity.replaceStep(transfer, next);
  await runTransaction([replace, ...steps]);
  const applied = replace.record;
  if (isHeld(applied)) await recheckLater(applied, now);
  return applied;
}

/** A held top up whose bank account is now verified is credited; else it stays held. */
async function releaseIfVerified(transfer: StoredFundsTransfer, now: Date): Promise<StoredFundsTransfer> {
  if (!(await findBankAccount(transfer.bankAccountId))?.verified) return transfer;
  const at = isoTimestamp(now);
  const replace = fundsTransferEntity.replaceStep(transfer, { ...transfer, status: 'done', updatedAt: at });
  try {
    await runTransaction([replace, ...(await creditSteps(transfer, at))]);
  } catch (error) {
    // A wallet that cannot take the credit now (archived) keeps the money held, never lost.
    if (error instanceof ApiError) return transfer;
    throw error;
  }
  return replace.record;
}

/** A transfer moved on by what time and its bank account tell: due settlements applied, verified holds released. */
async function progress(transfer: StoredFundsTransfer, now: Date): Promise<StoredFundsTransfer> {
  if (isDue(transfer, now)) return applyOutcome(transfer, 'settled', now);
  if (isHeld(transfer)) return releaseIfVerified(transfer, now);
  return transfer;
}

/**
 * A transfer as it stands now; undefined when there is none. Read afresh (ungated: not the
 * request's earlier answer), so an attempt after a conflict meets what the winner wrote.
 */
export function loadFundsTransfer(id: string, now: Date): Promise<StoredFundsTransfer | undefined> {
  return retryOnConflict(async () => {
    const transfer = await ungated(() => fundsTransferEntity.get(id));
    return transfer && progress(transfer, now);
  });
}

async function recheckLater(transfer: StoredFundsTransfer, now: Date): Promise<void> {
  if (now.getTime() - Date.parse(transfer.settleAt) > RELEASE_CHECKS_FOR_SECONDS * 1000) return;
  const dueAt = isoTimestamp(new Date(now.getTime() + RELEASE_CHECK_SECONDS * 1000));
  try {
    await scheduleTimer({ kind: 'funds-transfer-bank', id: transfer.id, accountId: transfer.accountId, dueAt }, now);
  } catch (error) {
    // Reads release a held top up themselves: a lost timer only waits for the next read.
    logger.warn('funds transfer re-check timer not set', { fundsTransferId: transfer.id, error: String(error) });
  }
}

/**
 * The timer of a transfer: the bank's settlement when it is due, or a daily look at a held top up's
 * bank account (looked at again while it stays held).
 */
export async function runFundsTransferTimer(id: string, now: Date): Promise<void> {
  const before = await fundsTransferEntity.get(id);
  if (!before) return;
  const after = await loadFundsTransfer(id, now);
  if (after && isHeld(before) && isHeld(after)) await recheckLater(after, now);
}
