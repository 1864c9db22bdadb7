import { newStatementLine, statementLineSteps, type BankAccount } from '../bank-accounts';
import { scheduleTimer } from '../core/timers';
import type { Bank, BankWatch } from './bank-port';

/** A simulated bank clears a direct debit or a payment out one day after it was started. */
const SIMULATED_SETTLEMENT_SECONDS = 24 * 3600;

/** A line on the bank account's statement, applied to its balance in the same transaction. */
const onStatement = (
  bankAccount: BankAccount,
  kind: Parameters<typeof newStatementLine>[1],
  money: { amount: string; currency: string },
  at: string,
) => statementLineSteps(newStatementLine(bankAccount, kind, money.amount, money.currency, at));

/**
 * A bank for test money: each transfer (and each top up paid back, and each transfer it fails or sends back: a
 * reversal) puts a line with a 4-digit code on the bank account's statement (the code that verifies the bank
 * account; its holder reads it on the statement page) and applies it to the balance, and settles by itself a day
 * later on the account's clock (a test clock reaches it at once) through the timers port. The platform operator can
 * make it settle, fail or abort a transfer now (`POST /api/funds-transfers/{id}/bank-outcome`). It moves no live
 * money: no real bank stands behind it. A merchant's settlement payout is paid a day later too, unless the operator
 * makes the bank pay or return it now (`POST /api/settlements/{id}/bank-outcome`).
 */
export const bankSimulator: Bank = {
  moves: (transfer) => transfer.test,
  initiate: (transfer, bankAccount) => onStatement(bankAccount, transfer.type, transfer, transfer.createdAt),
  repay: (transfer, bankAccount, at) => onStatement(bankAccount, 'topup-return', transfer, at),
  reverse: (movement, bankAccount, at) => onStatement(bankAccount, `${movement.type}-reversal`, movement, at),
  settlesAt: (now) => new Date(now.getTime() + SIMULATED_SETTLEMENT_SECONDS * 1000),
  payOut: (payout, bankAccount) => onStatement(bankAccount, 'withdrawal', payout, payout.createdAt),
};

/** The simulated bank reports its settlement through the timers port at the transfer's `settleAt`. */
export const simulatorWatch: BankWatch = {
  watch: (transfer, now) =>
    scheduleTimer(
      { kind: 'funds-transfer-bank', id: transfer.id, accountId: transfer.accountId, dueAt: transfer.settleAt },
      now,
    ),
};
