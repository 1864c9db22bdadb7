import { retryOnConflict } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadForCaller } from './load-funds-transfer';
import { abortTopup } from './settle';

/**
 * Aborts a top up not yet credited (settle.ts `abortTopup`): `created` or `settled` becomes `aborted`,
 * and the wallet is never credited. A withdrawal cannot be aborted by its account
 * (ABORT_WITHDRAWAL_NOT_SUPPORTED); a credited or failed top up is complete
 * (FUNDS_TRANSFER_ALREADY_COMPLETE); aborting an aborted one changes nothing.
 */
export const abortFundsTransfer = authedOperation((request) =>
  retryOnConflict(async () => {
    const { transfer, now } = await loadForCaller(request, request.params.fundsTransferId);
    if (transfer.type === 'withdrawal') throw businessRule('ABORT_WITHDRAWAL_NOT_SUPPORTED');
    if (transfer.status !== 'aborted') await abortTopup(transfer, now);
    return {};
  }),
);
