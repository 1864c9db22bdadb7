import type { FromSchema } from 'json-schema-to-ts';
import type { createMembershipBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import type { StoredMembership } from './entities';
import { meetsJoinConditions, type WalletAssetsOf } from './join-conditions';
import { insertMembership, presentMembership } from './membership-store';
import { findProgram } from './program-store';

type Body = FromSchema<typeof createMembershipBody>;

/**
 * An account joins a program by its id (public and unlisted alike): the program active, of the
 * account's liveness, its join conditions met by what the account holds now (its wallet assets read through
 * `walletAssetsOf`, join-conditions.ts).
 */
export const createLoyaltyProgramMembership = (walletAssetsOf: WalletAssetsOf) =>
  authedOperation<Body>(async ({ params, body, auth, now }) => {
    const program = await findProgram(params.loyaltyProgramId);
    if (!program) throw forbidden();
    const account = await auth.access.account(body.accountId);
    if (program.status !== 'active') throw businessRule('LOYALTY_PROGRAM_INACTIVE');
    if ((account.test === true) !== program.test) throw businessRule('LOYALTY_PROGRAM_ACCOUNT_LIVENESS_MISMATCH');
    if (!(await meetsJoinConditions(account.id, program.joinConditions, walletAssetsOf)))
      throw businessRule('JOIN_CONDITIONS_NOT_MET');
    const membership: StoredMembership = {
      id: newId(),
      accountId: account.id,
      programId: program.id,
      status: 'active',
      createdAt: isoTimestamp(now),
      createdBy: auth.principal.crn,
      test: program.test,
    };
    // Joins of one program race for its member count: a conflict re-runs the transaction, which adds one again.
    await retryOnConflict(() => insertMembership(membership));
    return presentMembership(membership, program);
  });
