import { namedBankAccount } from '../bank-accounts';
import { isoTimestamp } from '../core/clock';
import { serviceCrn } from '../core/crn';
import { runTransaction } from '../core/db/transaction';
import { derivedId } from '../core/ids';
import { postedTransfer, type AssetSide } from '../core/ledger/transfers';
import { bank, bankClearingAsset } from '../funds-transfers';
import { settlementSide } from '../wallet-assets';
import { settlementEntity, type StoredSettlement } from './entities';

/** What the bank reports about a payout it was sent: paid to the bank account, or sent back. */
export type PayoutOutcome = 'settled' | 'returned';

const BANK_CRN = serviceCrn('bank');

/** Where a settlement's payout waits between leaving the wallet and the bank's report on it. */
export const payoutsInTransit = (currency: string): AssetSide => ({
  assetId: `system-settlement-payouts-${currency.toLowerCase()}`,
  mode: 'system',
});

/**
 * Applies the bank's report on a payout awaiting it, in one transaction with the settlement's versioned update: a
 * paid payout is confirmed and its money moves on from the payouts in transit to the bank's clearing account; a
 * returned one goes back to the settlement wallet, where the next settlement takes it again with the period it came
 * back in. A race with another report fails the version condition (TransactionConflictError); a wallet that cannot
 * take a returned payout (archived) fails the credit's condition, and the payout stays in transit.
 */
export async function applyPayoutOutcome(
  settlement: StoredSettlement,
  outcome: PayoutOutcome,
  now: Date,
): Promise<StoredSettlement> {
  const at = isoTimestamp(now);
  const paid = outcome === 'settled';
  const replace = settlementEntity.replaceStep(settlement, {
    ...settlement,
    status: paid ? 'confirmed' : 'returned',
    ...(paid ? { settledAt: at, settledBy: BANK_CRN } : {}),
  });
  // A payout sent back is reversed at the bank: it no longer counts in the bank account's balance.
  const reversal = paid
    ? []
    : bank().reverse(payoutMovement(settlement), await namedBankAccount(settlement.settlementBankAccountId), at);
  await runTransaction([
    replace,
    ...reversal,
    ...(await postedTransfer(
      {
        id: derivedId(undefined, settlement.id, outcome),
        kind: paid ? 'settlement' : 'settlement-return',
        debit: payoutsInTransit(settlement.currency),
        credit: paid ? bankClearingAsset(settlement.currency) : settlementSide(settlement.walletId),
        amount: BigInt(settlement.settlementAmount),
        currency: settlement.currency,
        refs: { settlementId: settlement.id },
      },
      at,
    )),
  ]);
  return replace.record;
}

const payoutMovement = (settlement: StoredSettlement) =>
  ({ type: 'withdrawal', amount: settlement.settlementAmount, currency: settlement.currency }) as const;
