import type { FromSchema } from 'json-schema-to-ts';
import type { createMembershipBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { billingBankAccount } from './load';
import { findProgram, insertMembership, newMembership, presentMembership } from './store';

type Body = FromSchema<typeof createMembershipBody>;

/**
 * An org account (ACCOUNT_TYPE_INVALID otherwise) joins a published program of its liveness
 * (LIVENESS_MISMATCH otherwise), once, billed to one of its bank accounts. `accept` accepts the
 * program's terms at once and needs `asset-program-memberships:accept` on the account; `approve`
 * approves it at once and needs `asset-program-memberships:approve` on the program owner's account,
 * so only the owner's keys can.
 */
export const createAssetProgramMembership = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.orgAccount(body.accountId, 'ACCOUNT_TYPE_INVALID');
  if (body.accept) await auth.access.also('asset-program-memberships:accept').account(account.id);
  const program = await findProgram(body.assetProgramId);
  if (!program?.published) throw forbidden();
  if (body.approve) await auth.access.also('asset-program-memberships:approve').account(program.accountId);
  if ((account.test === true) !== program.test) throw businessRule('LIVENESS_MISMATCH');
  const billing = await billingBankAccount(account.id, body.billingBankAccountId);
  const membership = newMembership(
    { accountId: account.id, program, billingBankAccountId: billing },
    body,
    auth.principal.crn,
    isoTimestamp(now),
  );
  await insertMembership(membership);
  return presentMembership(membership);
});
