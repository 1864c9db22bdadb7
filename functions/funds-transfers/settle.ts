import { findAccount } from '../accounts';
import { findBankAccount, namedBankAccount } from '../bank-accounts';
import { isoTimestamp, ownerNow } from '../core/clock';
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
import { bank } from './bank';
import { fundsTransferEntity, settledTopupsPartition, type AssetActivity, type StoredFundsTransfer } from './entities';
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
 * A settled top up waits for its bank account's verification (which credits it at once); a
 * timer looks again daily for this long (reads look every time).
 */
const RELEASE_CHECK_SECONDS = 24 * 3600;
const RELEASE_CHECKS_FOR_SECONDS = 90 * 24 * 3600;

/** Who records the bank's side of a transfer. */
const BANK_CRN = serviceCrn('bank');

/** The settled top ups of a bank account a verification credits at once (the rest: reads and the daily timer). */
const MAX_CREDITED_ON_VERIFICATION = 100;

/** A top up the bank settled (collected) that waits for its bank account's verification to be credited. */
export const isHeld = (t: StoredFundsTransfer) => t.status === 'settled';
/** The bank has not settled it yet and its day has come. */
export const isDue = (t: StoredFundsTransfer, now: Date) =>
  t.status === 'created' && Date.parse(t.settleAt) <= now.getTime();

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
 * Applies what the bank reported about a transfer it had not settled (`created`), in one transaction
 * with the transfer's versioned update. A withdrawal's held amount is posted to the bank (settled:
 * `done`) or voided back to the wallet (`failed`, `aborted`), and a failed or aborted transfer is reversed at the
 * bank. A settled top up is credited at once when its bank account is verified (`done`), else it is `settled`:
 * collected, held until it is. Concurrent reports: one wins, the others meet its state.
 */
export async function applyOutcome(
  transfer: StoredFundsTransfer,
  outcome: BankOutcome,
  now: Date,
): Promise<StoredFundsTransfer> {
  if (transfer.status !== 'created') throw businessRule('FUNDS_TRANSFER_ALREADY_COMPLETE');
  const at = isoTimestamp(now);
  const steps: TransactionStep[] = [];
  let next: StoredFundsTransfer;
  if (outcome === 'settled') {
    next = { ...transfer, status: 'settled', updatedAt: at };
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
    // The bank reverses what it started: the transfer moved no money of the bank account either.
    steps.push(...bank().reverse(transfer, await namedBankAccount(transfer.bankAccountId), at));
  }
  // Of concurrent outcomes one wins: the replace is conditional on the version read.
  const replace = fundsTransferEntity.replaceStep(transfer, next);
  await runTransaction([replace, ...steps]);
  const applied = replace.record;
  if (!isHeld(applied)) return applied;
  // A verification that committed while this settled found no settled top up to credit: look once more.
  const released = await loadFundsTransfer(applied.id, now);
  if (released && isHeld(released)) await recheckLater(released, now);
  return released ?? applied;
}

/**
 * The account aborts a top up: before the bank settled it, nothing moved and nothing will; once the
 * bank collected it but it waits for the bank account's verification (`settled`), the bank pays the
 * amount back to the bank account in the transaction that marks it `aborted`, and the wallet is never
 * credited. A credited (`done`) or failed top up is complete (FUNDS_TRANSFER_ALREADY_COMPLETE).
 */
export async function abortTopup(transfer: StoredFundsTransfer, now: Date): Promise<void> {
  if (transfer.status === 'created') {
    await applyOutcome(transfer, 'aborted', now);
    return;
  }
  if (transfer.status !== 'settled') throw businessRule('FUNDS_TRANSFER_ALREADY_COMPLETE');
  const bankAccount = await namedBankAccount(transfer.bankAccountId);
  const at = isoTimestamp(now);
  const replace = fundsTransferEntity.replaceStep(transfer, { ...transfer, status: 'aborted', updatedAt: at });
  await runTransaction([replace, ...bank().repay(transfer, bankAccount, at)]);
}

/** A held (`settled`) top up whose bank account is now verified is credited (`done`); else it stays held. */
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
 * Credits the top ups that waited for a bank account's verification, once it is verified: each moved on
 * as a read of it would (loadFundsTransfer), so a top up credited by a read, a timer or a retry
 * meanwhile is credited once. Those past MAX_CREDITED_ON_VERIFICATION wait for a read or their timer.
 */
export async function creditSettledTopups(bankAccount: { id: string; accountId: string }, at: Date): Promise<void> {
  const now = await ownerNow(bankAccount.accountId, at, findAccount);
  const settled = await fundsTransferEntity.all({
    partition: settledTopupsPartition(bankAccount.id),
    index: 'GSI2',
    limit: MAX_CREDITED_ON_VERIFICATION,
  });
  for (const topup of settled) await loadFundsTransfer(topup.id, now);
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
