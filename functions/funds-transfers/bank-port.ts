import type { TransactionStep } from '../core/db/transaction';
import type { BankAccount } from '../bank-accounts';
import type { StoredFundsTransfer } from './entities';

/**
 * The one port to a bank. The platform records a funds transfer and starts it at the bank in one
 * transaction (`initiate`'s steps), then learns how the bank settled it: by the bank's own report
 * (`BankWatch` arranges for it) or by an operator's report (the simulator's `bank-outcome` route).
 * The platform's reaction to either is the same (settle.ts).
 */
export interface Bank {
  /** Whether this bank moves money of this kind: a simulator moves test money only, never live. */
  moves(transfer: { test: boolean }): boolean;
  /** Steps that start the bank's side, written with the transfer's record (its statement line and code). */
  initiate(transfer: StoredFundsTransfer, bankAccount: BankAccount): TransactionStep[];
  /**
   * Steps that pay a collected top up back to its bank account (its account aborted it while it waited
   * for the bank account's verification), written with the top up's `aborted` record.
   */
  repay(transfer: StoredFundsTransfer, bankAccount: BankAccount, at: string): TransactionStep[];
  /**
   * Steps that undo at the bank what a transfer started (its statement line): the bank failed or aborted a top up or
   * withdrawal before settling it, or sent a payout back; written with the record of that outcome.
   */
  reverse(movement: BankMovement, bankAccount: BankAccount, at: string): TransactionStep[];
  /** When the bank settles a transfer started at `now` by itself. */
  settlesAt(now: Date): Date;
  /**
   * Steps that start a payout (a merchant's settlement) to `bankAccount`, written with the payout's record; the
   * bank pays it by `settlesAt`, unless it reports before that it paid it or sent it back.
   */
  payOut(payout: BankPayout, bankAccount: BankAccount): TransactionStep[];
}

/**
 * How the bank's own report of a transfer reaches the platform, apart from `Bank`: a group that only writes to the
 * bank (settlements' returned payouts) then bundles no timers it has no grant to send.
 */
export interface BankWatch {
  /** Arranges for the bank's settlement of `transfer` to reach the platform at its `settleAt`. */
  watch(transfer: StoredFundsTransfer, now: Date): Promise<void>;
}

/** A transfer the bank reverses: money it was to take from the bank account (`topup`) or pay into it. */
interface BankMovement {
  type: 'topup' | 'withdrawal';
  amount: string;
  currency: string;
}

/** A payout as the bank sees it. */
interface BankPayout {
  amount: string;
  currency: string;
  createdAt: string;
}
