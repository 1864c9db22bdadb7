import { newStatementLine, statementLineStep } from '../bank-accounts';
import { scheduleTimer } from '../core/timers';
import type { Bank } from './bank-port';

/** A simulated bank clears a direct debit or a payment out one day after it was started. */
const SIMULATED_SETTLEMENT_SECONDS = 24 * 3600;

/**
 * A bank for test money: each transfer (and each top up paid back) puts a line with a 4-digit code on
 * the bank account's statement (the code that verifies the bank account; its holder reads it on the
 * statement page), and settles by itself a day later on the account's clock (a test clock reaches it
 * at once) through the timers port. The platform operator can make it settle, fail or abort a
 * transfer now (`POST /api/funds-transfers/{id}/bank-outcome`). It moves no live money: no real bank
 * stands behind it. A merchant's settlement payout is paid a day later too, unless the operator makes
 * the bank pay or return it now (`POST /api/settlements/{id}/bank-outcome`).
 */
export const bankSimulator: Bank = {
  moves: (transfer) => transfer.test,
  initiate: (transfer, bankAccount) => [
    statementLineStep(
      newStatementLine(bankAccount, transfer.type, transfer.amount, transfer.currency, transfer.createdAt),
    ),
  ],
  repay: (transfer, bankAccount, at) => [
    statementLineStep(newStatementLine(bankAccount, 'topup-return', transfer.amount, transfer.currency, at)),
  ],
  settlesAt: (now) => new Date(now.getTime() + SIMULATED_SETTLEMENT_SECONDS * 1000),
  watch: (transfer, now) =>
    scheduleTimer(
      { kind: 'funds-transfer-bank', id: transfer.id, accountId: transfer.accountId, dueAt: transfer.settleAt },
      now,
    ),
  payOut: (payout, bankAccount) => [
    statementLineStep(newStatementLine(bankAccount, 'withdrawal', payout.amount, payout.currency, payout.createdAt)),
  ],
};
