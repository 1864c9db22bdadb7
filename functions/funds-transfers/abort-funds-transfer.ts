import { retryOnConflict } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadForCaller } from './load-funds-transfer';
import { applyOutcome } from './settle';

/**
 * Aborts a top up the bank has not settled: nothing was credited, nothing will be. A withdrawal
 * cannot be aborted by its account (ABORT_WITHDRAWAL_NOT_SUPPORTED); a top up the bank settled,
 * or that failed, is complete (FUNDS_TRANSFER_ALREADY_COMPLETE); aborting an aborted one changes nothing.
 */
export const abortFundsTransfer = authedOperation((request) =>
  retryOnConflict(async () => {
    const { transfer, now } = await loadForCaller(request, request.params.fundsTransferId);
    if (transfer.type === 'withdrawal') throw businessRule('ABORT_WITHDRAWAL_NOT_SUPPORTED');
    if (transfer.status !== 'aborted') await applyOutcome(transfer, 'aborted', now);
    return {};
  }),
);
