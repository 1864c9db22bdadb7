import { findAccount } from '../accounts';
import { findBankAccount, type BankAccount } from '../bank-accounts';
import { accountNow, isoTimestamp } from '../core/clock';
import { serviceCrn } from '../core/crn';
import { runTransaction, TransactionConflictError } from '../core/db/transaction';
import { ApiError } from '../core/errors/classes';
import { derivedId } from '../core/ids';
import { inBatches } from '../core/in-batches';
import { assetHistoryFrom } from '../core/ledger/history';
import { DuplicateTransferError, postedTransfer } from '../core/ledger/transfers';
import { logger } from '../core/observability';
import { bank } from '../funds-transfers';
import { settlementWalletsOfMerchants } from '../merchant-configs';
import { findMerchant } from '../merchants';
import { findWalletAsset, settlementSide, type WalletAsset } from '../wallet-assets';
import {
  awaitingPartition,
  settlementCursorEntity,
  settlementEntity,
  type SettlementCursor,
  type StoredSettlement,
} from './entities';
import { applyPayoutOutcome, payoutsInTransit } from './payout-outcome';
import { dayStart, endedDays, SETTLE_AFTER_MS, type DayTotal } from './periods';

/** Merchant configs one run reads (each names its settlement wallets); reaching it is logged. */
const MAX_SETTLING_CONFIGS = 10_000;
/** Ledger entries of one wallet one run reads; a day cut short by it waits for the next run. */
const MAX_MOVEMENTS_READ = 20_000;
/** Payouts of one wallet awaiting the bank that one run looks at. */
const MAX_AWAITING_READ = 100;
/** Wallets settled at once. */
const CONCURRENT_WALLETS = 4;

const SETTLEMENTS_CRN = serviceCrn('settlements');

export interface RunTotals {
  settled: number;
  confirmed: number;
  failed: number;
}

/**
 * One settlement run, over every settlement wallet a merchant config names: payouts the bank has settled by now
 * are confirmed (or returned to their wallets), then each ended period of a merchant with a settlement config is
 * settled. Time is the merchant account's (a test account's test clock). A rerun finds the periods settled.
 */
export async function runSettlements(): Promise<RunTotals> {
  const { wallets, configsRead } = await settlementWalletsOfMerchants(MAX_SETTLING_CONFIGS);
  if (configsRead === MAX_SETTLING_CONFIGS) logger.error('settlement run read its limit of merchant configs');
  return inBatches(wallets, CONCURRENT_WALLETS, { settled: 0, confirmed: 0, failed: 0 }, (w) =>
    runWallet(w.merchantId, w.walletId).catch((error: unknown) => {
      logger.error('settlement of a wallet failed', { walletId: w.walletId, error: String(error) });
      return { failed: 1 };
    }),
  );
}

async function runWallet(merchantId: string, walletId: string): Promise<RunTotals> {
  const [merchant, wallet] = await Promise.all([findMerchant(merchantId), findWalletAsset(walletId)]);
  const totals: RunTotals = { settled: 0, confirmed: 0, failed: 0 };
  if (!merchant || !wallet?.settlement || wallet.accountId !== merchant.accountId) return totals;
  const now = await accountNow(await findAccount(merchant.accountId));
  await confirmDuePayouts(wallet.id, now, totals);
  const bankAccountId = merchant.settlementConfig?.bankAccountId;
  const bankAccount = bankAccountId ? await findBankAccount(bankAccountId) : undefined;
  if (bankAccount && payable(bankAccount, wallet))
    totals.settled = await settlePeriods(merchant, wallet, bankAccount, now);
  return totals;
}

/**
 * Whether the wallet's money may be paid to this bank account: one of the wallet's account, active, verified by its
 * holder, approved for settlement, and one the bank moves this money with (the simulator: test money only).
 */
function payable(bankAccount: BankAccount, wallet: WalletAsset): boolean {
  return (
    bankAccount.accountId === wallet.accountId &&
    bankAccount.type === 'centrapay' &&
    bankAccount.status !== 'archived' &&
    bankAccount.verified === true &&
    bankAccount.approvals.some((a) => a.type === 'settlement' && a.status === 'approved') &&
    bank().moves({ test: wallet.liveness === 'test' && bankAccount.test === true })
  );
}

/**
 * Settles the ended days since the wallet's cursor, oldest first. A settlement covers one day, or several when the
 * days before netted to nothing or the wallet could not cover them (refunds after the day ended took the money):
 * those wait for the next day that brings the sum up, so every movement is settled once and none is skipped.
 */
async function settlePeriods(
  merchant: { id: string; accountId: string },
  wallet: WalletAsset,
  bankAccount: BankAccount,
  now: Date,
): Promise<number> {
  let cursor = await settlementCursorEntity.get(wallet.id);
  const days = await unsettledDays(
    wallet.id,
    cursor?.settledThrough,
    dayStart(new Date(now.getTime() - SETTLE_AFTER_MS)),
  );
  let made = 0;
  let start: string | undefined;
  let running = 0n;
  for (const day of days) {
    start ??= day.start;
    running += day.net;
    if (running <= 0n) continue;
    const outcome = await settle(merchant, wallet, bankAccount, cursor, { start, end: day.end, amount: running }, now);
    if (outcome === 'short') continue;
    if (outcome === 'raced') break;
    cursor = outcome;
    start = undefined;
    running = 0n;
    made++;
  }
  return made;
}

/** The ended days with movements after the cursor: payments in, refunds out, returned payouts in. */
async function unsettledDays(walletId: string, from: string | undefined, before: Date): Promise<DayTotal[]> {
  const entries = (await assetHistoryFrom(walletId, from, MAX_MOVEMENTS_READ)).map(({ entry }) => entry);
  const movements = entries
    .filter((e) => e.kind !== 'settlement')
    .map((e) => ({ at: e.createdAt, amount: e.side === 'C' ? BigInt(e.amount) : -BigInt(e.amount) }));
  const days = endedDays(movements, before);
  const last = entries.at(-1);
  // Cut off by the limit inside an ended day: that day is incomplete, so it waits.
  if (entries.length === MAX_MOVEMENTS_READ && last && new Date(last.createdAt) < before) {
    logger.warn('settlement run read its limit of ledger entries', { walletId });
    return days.slice(0, -1);
  }
  return days;
}

/**
 * Settles one period in one transaction: the settlement record (its id derived from the wallet and the period's
 * start: written once), the wallet's cursor moved to the period's end (conditional on the cursor read), the debit
 * of the wallet by the amount through the transfer engine (conditional on the wallet holding it), and the payout
 * started at the bank. `short`: the wallet cannot cover the amount now; `raced`: another run settled it first.
 */
async function settle(
  merchant: { id: string; accountId: string },
  wallet: WalletAsset,
  bankAccount: BankAccount,
  cursor: SettlementCursor | undefined,
  period: { start: string; end: string; amount: bigint },
  now: Date,
): Promise<SettlementCursor | 'short' | 'raced'> {
  const at = isoTimestamp(now);
  const id = derivedId(undefined, 'settlement', wallet.id, period.start);
  const record: StoredSettlement = {
    id,
    merchantId: merchant.id,
    accountId: merchant.accountId,
    walletId: wallet.id,
    status: 'awaiting-confirmation',
    assetType: wallet.ledgerId,
    currency: wallet.currency,
    settlementAmount: period.amount.toString(),
    settlementBankAccountId: bankAccount.id,
    settlementBankTransferId: derivedId(undefined, id, 'payout'),
    periodStart: period.start,
    periodEnd: period.end,
    type: 'centrapay',
    test: wallet.liveness === 'test',
    bankSettlesAt: isoTimestamp(bank().settlesAt(now)),
    createdAt: at,
    createdBy: SETTLEMENTS_CRN,
    version: 1,
  };
  const next = { walletId: wallet.id, settledThrough: period.end, version: (cursor?.version ?? 0) + 1 };
  const conflict = () => new TransactionConflictError();
  try {
    await runTransaction([
      settlementEntity.createStep(record, { onExists: conflict }),
      cursor
        ? settlementCursorEntity.replaceStep(cursor, next)
        : settlementCursorEntity.createStep(next, { onExists: conflict }),
      ...(await postedTransfer(
        {
          id: record.settlementBankTransferId,
          kind: 'settlement',
          debit: settlementSide(wallet.id),
          credit: payoutsInTransit(wallet.currency),
          amount: period.amount,
          currency: wallet.currency,
          liveness: wallet.liveness,
          refs: { settlementId: id },
        },
        at,
      )),
      ...bank().payOut({ amount: record.settlementAmount, currency: record.currency, createdAt: at }, bankAccount),
    ]);
    return next;
  } catch (error) {
    if (error instanceof ApiError) return 'short';
    if (error instanceof TransactionConflictError || error instanceof DuplicateTransferError) return 'raced';
    throw error;
  }
}

/** The wallet's payouts the bank has paid by now (the simulator: a day after they were sent) are confirmed. */
async function confirmDuePayouts(walletId: string, now: Date, totals: RunTotals): Promise<void> {
  const listed = await settlementEntity.all({
    index: 'GSI2',
    partition: awaitingPartition(walletId),
    limit: MAX_AWAITING_READ,
  });
  for (const seen of listed) {
    if (seen.bankSettlesAt > isoTimestamp(now)) break;
    // The index is read eventually: the record itself says whether it still awaits the bank.
    const current = await settlementEntity.get(seen.id);
    if (current?.status !== 'awaiting-confirmation') continue;
    try {
      await applyPayoutOutcome(current, 'settled', now);
      totals.confirmed++;
    } catch (error) {
      // Another run or the operator's report came first.
      if (!(error instanceof TransactionConflictError)) throw error;
    }
  }
}
