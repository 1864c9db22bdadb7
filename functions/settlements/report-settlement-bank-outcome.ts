import type { FromSchema } from 'json-schema-to-ts';
import type { settlementBankOutcomeBody } from './schemas';
import { findAccount } from '../accounts';
import { ownerNow } from '../core/clock';
import { publicView } from '../core/db/entity';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { settlementEntity, type Settlement } from './entities';
import { applyPayoutOutcome } from './payout-outcome';
import { settlement as settlementSchema } from './schemas';

type Body = FromSchema<typeof settlementBankOutcomeBody>;

/**
 * The simulated bank reports now what it would report later (platform operator): a settlement's payout is paid or
 * sent back, so both are reached without waiting. Once reported, another report is SETTLEMENT_ALREADY_COMPLETE.
 */
export const reportSettlementBankOutcome = authedOperation<Body>((request) =>
  retryOnConflict(async () => {
    const found = await settlementEntity.get(request.params.settlementId);
    if (!found) throw forbidden();
    await request.auth.access.account(found.accountId);
    if (found.status !== 'awaiting-confirmation') throw businessRule('SETTLEMENT_ALREADY_COMPLETE');
    const now = await ownerNow(found.accountId, request.now, findAccount);
    return publicView<Settlement>(settlementSchema, await applyPayoutOutcome(found, request.body.outcome, now));
  }),
);
