import type { FromSchema } from 'json-schema-to-ts';
import type { bankOutcomeBody } from './schemas';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { loadForCaller } from './load-funds-transfer';
import { applyOutcome } from './settle';
import { present } from './transfer-store';

type Body = FromSchema<typeof bankOutcomeBody>;

/**
 * The simulated bank reports now what it would report later (platform operator): a transfer
 * settles, fails or is aborted by the bank, so every state is reached without waiting. Live
 * transfers never exist (the simulator refuses them), so this moves test money only.
 */
export const reportBankOutcome = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const { transfer, now } = await loadForCaller(request, request.params.fundsTransferId);
    return present(await applyOutcome(transfer, request.body.outcome, now));
  }),
);
