import type { FromSchema } from 'json-schema-to-ts';
import type { acceptApprovalBody } from './schemas';
import { findBankAccount } from '../bank-accounts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { AWAITING_REVIEW, reviewSteps } from './approval-store';
import type { StoredApproval } from './entities';
import { loadApproval } from './load';
import { outcomeNotice } from './notices';

type Body = FromSchema<typeof acceptApprovalBody>;

/**
 * The operator's review of an approval awaiting it, once: `approved` or `declined`, with an activity
 * naming the reviewer and the reason. A reviewed approval (also the loser of two concurrent reviews,
 * whose conditional write fails) answers APPROVAL_ALREADY_REVIEWED. The requester is emailed the decision
 * in the same transaction; the approval is `done` once that email went out.
 */
export function review(decision: 'approved' | 'declined') {
  return authedOperation<Body>((request) =>
    retryOnConflict(async () => {
      const current = await loadApproval(request);
      if (!AWAITING_REVIEW.includes(current.status)) throw businessRule('APPROVAL_ALREADY_REVIEWED');
      const at = isoTimestamp(request.now);
      const by = request.auth.principal.crn;
      const activity = {
        activityNumber: current.approvalActivities.length + 1,
        approvalId: current.id,
        activityType: decision,
        ...(request.body.reason ? { reason: request.body.reason } : {}),
        createdAt: at,
        createdBy: by,
      };
      const next: StoredApproval = {
        ...current,
        status: decision,
        approvalActivities: [...current.approvalActivities, activity],
        modifiedAt: at,
        modifiedBy: by,
      };
      const account = await findBankAccount(current.bankAccountId);
      await runTransaction([
        ...reviewSteps(current, next, account),
        ...outcomeNotice(next, account, request.body.reason),
      ]);
      return {};
    }),
  );
}
